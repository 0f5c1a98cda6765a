/**
 * The layer over the page image while a reviewer picks a value from the page: every word is a
 * button (Tab and Enter reach it without a mouse), and dragging draws a box whose words become
 * the value. The words come from `GET /documents/{id}/pages/{n}/words`, read once per page while
 * the screen is open.
 */
import type { PageWord, PageWords } from '@quire/client';
import { type PointerEvent, useRef, useState } from 'react';
import { percent } from './item-anchors';
import { type PickedValue, pickedValue, wordsInside } from './pick-from-page';

type Box = PageWord['box'];

/** A drag shorter than this (in CSS pixels) is a click, not a box. */
const MIN_DRAG_PX = 4;

export function PageWordPicker(props: { words: PageWords | null; onPick: (picked: PickedValue) => void; onNothing: () => void }) {
  const layer = useRef<HTMLDivElement | null>(null);
  const start = useRef<{ x: number; y: number; px: number; py: number } | null>(null);
  const drew = useRef(false);
  const [drawn, setDrawn] = useState<Box | null>(null);
  const { words } = props;

  const at = (event: PointerEvent) => {
    const frame = layer.current?.getBoundingClientRect();
    if (!frame || frame.width === 0 || frame.height === 0) return null;
    const clamp = (n: number) => Math.min(1, Math.max(0, n));
    return { x: clamp((event.clientX - frame.left) / frame.width), y: clamp((event.clientY - frame.top) / frame.height), px: event.clientX, py: event.clientY };
  };
  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    start.current = at(event);
    drew.current = false;
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    const to = at(event);
    if (!from || !to) return;
    if (!drew.current && Math.hypot(to.px - from.px, to.py - from.py) < MIN_DRAG_PX) return;
    if (!drew.current) {
      drew.current = true;
      // Captured only once it is a drag: a plain click must still reach the word it was on.
      layer.current?.setPointerCapture?.(event.pointerId);
    }
    setDrawn({ x: Math.min(from.x, to.x), y: Math.min(from.y, to.y), w: Math.abs(to.x - from.x), h: Math.abs(to.y - from.y) });
  };
  const up = () => {
    const area = drawn;
    start.current = null;
    setDrawn(null);
    if (!drew.current || !area || !words) return;
    const picked = pickedValue(words, wordsInside(words.words, area));
    if (picked) props.onPick(picked);
    else props.onNothing();
  };
  const clickWord = (word: PageWord) => {
    // The click that ends a drag is not a word's.
    if (drew.current || !words) return;
    const picked = pickedValue(words, [word]);
    if (picked) props.onPick(picked);
  };

  return (
    <div
      className="word-layer"
      ref={layer}
      data-testid="word-layer"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => {
        start.current = null;
        setDrawn(null);
      }}
    >
      {words?.words.map((word, i) => (
        <button
          type="button"
          key={i}
          className="page-word"
          data-testid="page-word"
          aria-label={`Use “${word.text}”`}
          style={{ left: percent(word.box.x), top: percent(word.box.y), width: percent(word.box.w), height: percent(word.box.h) }}
          onClick={() => clickWord(word)}
        />
      ))}
      {drawn ? (
        <div
          className="drawn-box"
          data-testid="drawn-box"
          style={{ left: percent(drawn.x), top: percent(drawn.y), width: percent(drawn.w), height: percent(drawn.h) }}
        />
      ) : null}
    </div>
  );
}
