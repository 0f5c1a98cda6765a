/** `PATCH /v1/organization/settings`: changes the letterhead's name, address or logo. */
import { DomainValidationError } from '../../../kernel/errors.js';
import { dimensionProblem, readImageDimensions } from '../../../extraction/image-dimensions.js';
import type { CommandContext } from '../../context.js';
import type { OrganizationSettingsRecord, StoredLogo } from '../organization-settings.repository.js';
import { LOGO_MAX_BYTES } from '../organization-settings.schemas.js';

export interface UpdateOrganizationSettingsInput {
  letterheadName?: string | null;
  letterheadAddress?: string | null;
  logo?: { mediaType: 'image/png' | 'image/jpeg'; data: string } | null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];

function textOrNull(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The logo as it will be stored: the bytes must be the image type named, readable (its size is
 * read from its header), not absurdly large, and within LOGO_MAX_BYTES.
 *
 * @throws DomainValidationError for anything else (the settings stay as they were).
 */
function checkedLogo(logo: NonNullable<UpdateOrganizationSettingsInput['logo']>): StoredLogo {
  const data = logo.data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) throw new DomainValidationError('logo.data is not base64');
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw new DomainValidationError(`the logo is ${bytes.length} bytes; at most ${LOGO_MAX_BYTES}`);
  const magic = logo.mediaType === 'image/png' ? PNG : JPEG;
  if (!magic.every((b, i) => bytes[i] === b)) throw new DomainValidationError(`logo.data is not a ${logo.mediaType === 'image/png' ? 'PNG' : 'JPEG'} image`);
  const dimensions = readImageDimensions(bytes);
  if (!dimensions || dimensions.width < 1 || dimensions.height < 1)
    throw new DomainValidationError("the logo's size cannot be read: the image is cut short or damaged");
  const problem = dimensionProblem(dimensions);
  if (problem) throw new DomainValidationError(`logo: ${problem}`);
  return { mediaType: logo.mediaType, data: bytes.toString('base64'), width: dimensions.width, height: dimensions.height };
}

/**
 * Applies the keys sent (null clears one). Owners only (the route's role): the letterhead is
 * what every letter of the organization is printed on.
 *
 * @throws DomainValidationError for a logo that is not the image it claims to be.
 */
export async function updateOrganizationSettings(ctx: CommandContext, input: UpdateOrganizationSettingsInput): Promise<OrganizationSettingsRecord> {
  const logo = input.logo ? checkedLogo(input.logo) : input.logo;
  return ctx.transaction(async (tx) => {
    const orgId = tx.actor.org.orgId;
    const current = await tx.repos.organizationSettings.find(orgId);
    return tx.repos.organizationSettings.save(orgId, {
      letterheadName: input.letterheadName === undefined ? current.letterheadName : textOrNull(input.letterheadName),
      letterheadAddress: input.letterheadAddress === undefined ? current.letterheadAddress : textOrNull(input.letterheadAddress),
      logo: logo === undefined ? current.logo : logo,
      updatedAt: tx.clock.now().toISOString(),
    });
  });
}
