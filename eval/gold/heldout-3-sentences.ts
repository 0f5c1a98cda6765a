/**
 * Held-out gold sentences, batch 3 (issue 31 item 4): PLACEHOLDER. Another helper writes this
 * batch, without reading the check stage's code, in the format of heldout-2-sentences.ts (one
 * form per built-in template and its rows). Until then its rows are empty and the suite reports
 * "no held-out batch" (no goal on an empty set). The forms below are stand-ins that only keep
 * the generator compiling; they carry no sentence.
 */
import type { Row } from './memo-sentences.js';
import { DPIA_WORLDS, type DpiaWorld, LETTER_WORLDS, type LetterWorld, MEMO_WORLDS, type MemoWorld } from './worlds.js';

export const HELDOUT3_MEMO: MemoWorld = MEMO_WORLDS[0];
export const HELDOUT3_MEMO_ROWS: Row[] = [];

export const HELDOUT3_DPIA: DpiaWorld = DPIA_WORLDS[0];
export const HELDOUT3_DPIA_ROWS: Row[] = [];

export const HELDOUT3_LETTER: LetterWorld = LETTER_WORLDS[0];
export const HELDOUT3_LETTER_ROWS: Row[] = [];
