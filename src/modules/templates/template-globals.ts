/**
 * Names every template may read without a field or data-need defining them: the namespaces
 * the render stage puts in the context.
 */
export const TEMPLATE_GLOBALS = [
  'fields',
  'gathered',
  'computed',
  'decisions',
  'synthesized',
  'synthesis',
  'document',
  'sources',
  'snippets',
  'sections',
  'variables',
  'today',
  'now',
  'organization',
] as const;
