import { inlineContainers, type Block } from '../docx/document-blocks.js';
import { BULLETS } from '../docx/numbering.js';
import type { StyleRole } from './style-role.js';

/**
 * The template styles the generated blocks use, so a fallback is added only for a style the
 * section needs (a template whose sections have no list keeps styles.xml as it was).
 */
export function rolesUsed(blocks: readonly Block[], roles: Set<StyleRole> = new Set()): Set<StyleRole> {
  for (const block of blocks) {
    if (block.kind === 'heading') roles.add(`heading ${Math.min(Math.max(block.level, 1), 3)}` as StyleRole);
    else if (block.kind === 'paragraph' && block.list) roles.add(block.list.reference === BULLETS ? 'List Bullet' : 'List Number');
    else if (block.kind === 'table') roles.add('Table Grid');
    else if (block.kind === 'callout') rolesUsed(block.children, roles);
  }
  for (const inlines of inlineContainers(blocks)) {
    for (const inline of inlines) {
      if (inline.kind === 'text' && inline.link) roles.add('Hyperlink');
      if (inline.kind === 'note') roles.add(inline.part === 'endnote' ? 'endnote reference' : 'footnote reference');
    }
  }
  return roles;
}
