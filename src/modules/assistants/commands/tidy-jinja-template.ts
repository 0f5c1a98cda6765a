import { DomainValidationError } from '../../../kernel/errors.js';
import { tidyTemplate, validateTemplateSyntax } from '../../../templating/index.js';

/**
 * `POST /v1/jinja/tidy`: block tags re-indented by nesting; what the template renders is unchanged.
 *
 * @throws DomainValidationError when the template does not parse (tidying it could change its meaning).
 */
export function tidyJinjaTemplate(template: string): string {
  const problem = validateTemplateSyntax(template);
  if (problem) throw new DomainValidationError(`template does not parse: ${problem}`);
  return tidyTemplate(template);
}
