/** The wire shapes of `/v1/organization/settings`: the organization's letterhead. */
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../kernel/schema.js';

/** A logo is printed about 15 mm high: 512 KB of PNG or JPEG is ample and keeps every export small. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;

const LogoMediaType = StringEnum(LOGO_MEDIA_TYPES, { description: 'PNG or JPEG' });

export const LogoInput = Type.Object(
  {
    mediaType: LogoMediaType,
    data: Type.String({
      minLength: 1,
      maxLength: Math.ceil(LOGO_MAX_BYTES / 3) * 4,
      description: `the image bytes in base64, at most ${LOGO_MAX_BYTES} bytes decoded`,
    }),
  },
  { additionalProperties: false },
);

export const UpdateOrganizationSettingsBody = Type.Object(
  {
    letterheadName: Type.Optional(
      Nullable(Type.String({ minLength: 1, maxLength: 200, description: "the name at the top of a letter (default: the organization's display name)" })),
    ),
    letterheadAddress: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'the postal address under it, one line per line' }))),
    logo: Type.Optional(Nullable(LogoInput)),
  },
  { $id: 'UpdateOrganizationSettingsBody', additionalProperties: false, description: 'the keys to change; absent keys stay as they are, null clears one' },
);

export const OrganizationSettings = Type.Object(
  {
    letterheadName: Nullable(Type.String()),
    letterheadAddress: Nullable(Type.String()),
    logo: Nullable(
      Type.Object({
        mediaType: StringEnum<readonly string[]>(LOGO_MEDIA_TYPES),
        data: Type.String({ description: 'base64' }),
        width: Type.Integer({ description: 'pixels' }),
        height: Type.Integer({ description: 'pixels' }),
      }),
    ),
    updatedAt: Nullable(Type.String({ description: 'null when never set' })),
  },
  {
    $id: 'OrganizationSettings',
    description: "The organization's letterhead: what the letter layout prints at the top of page 1 (the report cover shows the logo)",
  },
);

export const ORGANIZATION_SCHEMAS = [UpdateOrganizationSettingsBody, OrganizationSettings];
