import { AlignmentType, LevelFormat, LevelSuffix, type ILevelsOptions, type INumberingOptions } from 'docx';

/**
 * The list and heading numbering definitions of one document. Definitions are created lazily
 * (an ordered list starting at 5 needs its own), and list instances are counted here so every
 * list restarts its numbering without any random or global id.
 */

export const BULLETS = 'quire-bullets';
export const HEADINGS = 'quire-headings';
const ORDERED_PREFIX = 'quire-ordered-from-';

const LEVELS = 9;
const INDENT_STEP = 360; // twips: 0.25 inch per level, as Word's own list styles
const BULLET_GLYPHS = ['•', '◦', '▪'];
const ORDERED_FORMATS = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN] as const;

/** Left indent (twips) of the text of a list item at this level; continuation paragraphs align to it. */
export function listTextIndent(level: number): number {
  return INDENT_STEP * 2 * (level + 1);
}

function bulletLevels(): ILevelsOptions[] {
  return Array.from({ length: LEVELS }, (_, level) => ({
    level,
    format: LevelFormat.BULLET,
    text: BULLET_GLYPHS[level % BULLET_GLYPHS.length],
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: listTextIndent(level), hanging: INDENT_STEP } } },
  }));
}

function orderedLevels(start: number): ILevelsOptions[] {
  return Array.from({ length: LEVELS }, (_, level) => ({
    level,
    format: ORDERED_FORMATS[level % ORDERED_FORMATS.length],
    text: `%${level + 1}.`,
    start: level === 0 ? start : 1,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: listTextIndent(level), hanging: INDENT_STEP } } },
  }));
}

function headingLevels(): ILevelsOptions[] {
  // "1.", "1.1", "1.1.1": the usual legal/business outline numbering.
  return Array.from({ length: 6 }, (_, level) => ({
    level,
    format: LevelFormat.DECIMAL,
    text: level === 0 ? '%1.' : Array.from({ length: level + 1 }, (_, i) => `%${i + 1}`).join('.'),
    start: 1,
    alignment: AlignmentType.LEFT,
    suffix: LevelSuffix.TAB,
    isLegalNumberingStyle: true,
    style: { paragraph: { indent: { left: 567 + level * 170, hanging: 567 + level * 170 } } },
  }));
}

export class NumberingRegistry {
  private readonly definitions = new Map<string, ILevelsOptions[]>();
  private readonly instances = new Map<string, number>();

  constructor() {
    this.definitions.set(BULLETS, bulletLevels());
    this.definitions.set(HEADINGS, headingLevels());
  }

  /** The reference of an ordered list definition starting at `start` (registered on first use). */
  orderedReference(start: number): string {
    const safeStart = Number.isInteger(start) && start >= 0 && start < 100000 ? start : 1;
    const reference = `${ORDERED_PREFIX}${safeStart}`;
    if (!this.definitions.has(reference)) this.definitions.set(reference, orderedLevels(safeStart));
    return reference;
  }

  /** A fresh list instance of the reference: its numbering starts again. */
  newInstance(reference: string): number {
    const next = (this.instances.get(reference) ?? 0) + 1;
    this.instances.set(reference, next);
    return next;
  }

  toOptions(): INumberingOptions {
    return { config: [...this.definitions].map(([reference, levels]) => ({ reference, levels })) };
  }
}
