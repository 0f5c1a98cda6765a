/** Public API of the sandboxed Jinja templating module. */
export { renderTemplate, renderTemplatesOver, type RenderResult } from './render-template.js';
export { templateCompilations } from './compiled-templates.js';
export { validateTemplateSyntax } from './template-syntax.js';
export { findNamespaceMembers, findTemplateReads, findTemplateVariables } from './template-variables.js';
export { evaluateExpression } from './evaluate-expression.js';
export { tidyTemplate } from './tidy-template.js';
export { checkTemplate, type TemplateCheck } from './check-template.js';
export { MAX_BLOCK_NESTING } from './nesting-budget.js';
