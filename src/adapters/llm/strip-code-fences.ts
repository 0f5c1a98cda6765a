/**
 * Models often wrap a whole answer in a Markdown code fence (```markdown … ```) despite being
 * told not to. When the entire answer is one fenced block, its inside is the answer; fences in
 * the middle of a longer answer are content and stay.
 */
const WHOLE_FENCE = /^\s*(```|~~~)[\w+-]*[^\S\n]*\n([\s\S]*?)\n?[^\S\n]*\1\s*$/;

/** The answer without a fence wrapping all of it; trimmed. */
export function stripCodeFences(answer: string): string {
  const match = WHOLE_FENCE.exec(answer);
  const inner = match ? match[2] : answer;
  // A fence inside the matched body means the answer was several blocks, not one wrapped block.
  if (match && /^\s*(```|~~~)/m.test(inner)) return answer.trim();
  return inner.trim();
}
