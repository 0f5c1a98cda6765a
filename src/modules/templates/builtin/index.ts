/** The built-in templates seeded into every demo organization. */
import type { TemplateSpecInput } from '../spec-schema.js';
import { ENGAGEMENT_LETTER_SPEC } from './engagement-letter.js';
import { GDPR_DPIA_SPEC } from './gdpr-dpia.js';
import { VENDOR_SECURITY_MEMO_SPEC } from './vendor-security-memo.js';

export const BUILTIN_TEMPLATE_SPECS: readonly TemplateSpecInput[] = [GDPR_DPIA_SPEC, VENDOR_SECURITY_MEMO_SPEC, ENGAGEMENT_LETTER_SPEC];
