export { composeDocx } from './compose-docx.js';
export {
  DEFAULT_RENDER_OPTIONS,
  withDefaultRenderOptions,
  type ComposedBlock,
  type ComposedDocument,
  type ComposedSource,
  type DocumentProperties,
  type LifecycleState,
  type RenderOptions,
  type RiskBlock,
  type SectionBlock,
  type SectionOutputType,
  type SnippetBlock,
  type UnsupportedClaim,
} from './composed-document.js';
export { DOCX_MEDIA_TYPE } from './media-type.js';
