/** Public API of the sandboxed Jinja templating module. */
export { renderTemplate, type RenderResult } from './render-template.js';
export { validateTemplateSyntax } from './template-syntax.js';
export { findNamespaceMembers, findTemplateReads, findTemplateVariables } from './template-variables.js';
export { evaluateExpression } from './evaluate-expression.js';
export { tidyTemplate } from './tidy-template.js';
