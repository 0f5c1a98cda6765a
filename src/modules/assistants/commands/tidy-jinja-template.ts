import { tidyTemplateBounded } from '../../../tenant-code/tenant-code-pool.js';

/**
 * `POST /v1/jinja/tidy`: block tags re-indented by nesting; what the template renders is unchanged.
 * Checked and tidied in the tenant-code pool: the main thread never parses tenant text.
 *
 * @throws DomainValidationError when the template does not parse (tidying it could change its meaning) or over a budget.
 */
export async function tidyJinjaTemplate(template: string): Promise<string> {
  return tidyTemplateBounded(template);
}
