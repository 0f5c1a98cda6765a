/**
 * Offline prompt improver: a deterministic checklist rewrite that keeps the author's words and
 * makes audience, sources and citations, output format and length, tone and the handling of
 * missing information explicit. Running it on its own output rebuilds the same text.
 */

const CHECKLIST_HEADER = 'Checklist:';
const TOPIC_PREFIX = 'Topic: ';
const TASK_PREFIX = 'Task: ';

/** Split an earlier output back into topic and original task (identity for a fresh prompt). */
function unwrap(prompt: string): { task: string; topic: string | null } {
  let text = prompt.replace(/\r\n?/g, '\n').trim();
  const at = text.search(new RegExp(`(^|\\n)${CHECKLIST_HEADER}\\n- Audience:`));
  if (at < 0) return { task: text, topic: null };
  text = text.slice(0, at).trim();
  let topic: string | null = null;
  if (text.startsWith(TOPIC_PREFIX)) {
    const end = text.indexOf('\n');
    topic = (end < 0 ? text.slice(TOPIC_PREFIX.length) : text.slice(TOPIC_PREFIX.length, end)).trim();
    text = end < 0 ? '' : text.slice(end + 1).trim();
  }
  if (text.startsWith(TASK_PREFIX)) text = text.slice(TASK_PREFIX.length).trim();
  return { task: text, topic };
}

/** Who the text is for, as stated by the author or a neutral default. */
function audience(task: string): string {
  const m =
    /\b(?:for|aimed at|audience(?: is)?:?|addressed to|targeted at)\s+(?:the\s+|our\s+|a\s+|an\s+)?((?:board|executives?|management|leadership|c-level|clients?|customers?|investors?|regulators?|auditors?|legal|lawyers?|counsel|engineers?|developers?|technical|non-technical|general|stakeholders?|staff|employees?|team|partners?|procurement|finance|compliance)(?:\s+(?:members|of directors|team|level|readers|users|audience|stakeholders))?)\b/i.exec(
      task,
    );
  return m ? `${m[1].trim()} (as stated in the task).` : 'a professional reader who has not seen the sources; explain terms they may not know.';
}

/** Output format and length, from the author's words or defaults. */
function format(task: string): string {
  const t = task.toLowerCase();
  const shape = /\bjson\b/.test(t)
    ? 'a JSON object (valid JSON, no prose around it)'
    : /\btable\b/.test(t)
      ? 'a Markdown (GFM) table with a header row'
      : /\b(bullet|bullets|bullet points|list)\b/.test(t)
        ? 'a Markdown bullet list'
        : 'Markdown paragraphs';
  const n = /\b(\d{1,4})\s*(words?|sentences?|paragraphs?|bullets?|bullet points|items?|points?|rows?)\b/i.exec(task);
  const length = n
    ? `${n[1]} ${n[2]}, as requested`
    : /\b(brief|short|concise|succinct|one-liner)\b/.test(t)
      ? 'short: at most about 100 words'
      : /\b(detailed|thorough|comprehensive|in-depth)\b/.test(t)
        ? 'detailed: about 400–600 words'
        : 'about 150–300 words';
  return `${shape}; length ${length}. No title heading (the document supplies it).`;
}

/** Tone, from the author's words or a neutral default. */
function tone(task: string): string {
  const words = [
    'formal',
    'informal',
    'friendly',
    'neutral',
    'persuasive',
    'plain',
    'technical',
    'conversational',
    'objective',
    'professional',
    'empathetic',
    'direct',
  ];
  const found = words.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(task));
  return found.length > 0 ? `${found.join(', ')} (as stated in the task).` : 'neutral, factual, plain language; no marketing superlatives.';
}

/**
 * Rewrite a section prompt as "Topic / Task / Checklist" without changing the author's words. The
 * checklist names the audience, the sources to cite with the `[n]` rule, the output format and
 * length, the tone, and what to do when information is missing. Blank topics are omitted; running
 * the function on its own output (with the same or a null topic) returns the same text.
 */
export function improvePrompt(prompt: string, topic: string | null): string {
  const unwrapped = unwrap(prompt);
  const theTopic = (topic ?? '').trim() || (unwrapped.topic ?? '');
  const task = unwrapped.task.trimEnd() || (theTopic !== '' ? `Write this section about ${theTopic}.` : 'Write this section.');
  const lines: string[] = [];
  if (theTopic !== '') lines.push(`${TOPIC_PREFIX}${theTopic}`);
  lines.push(`${TASK_PREFIX}${task}`, '', CHECKLIST_HEADER);
  lines.push(`- Audience: ${audience(task)}`);
  lines.push(
    '- Sources: use only the numbered sources and the context values provided. Put the citation marker [n] right after each sentence that uses source n (e.g. "Revenue grew 15% [2]."); cite several as [1][3]. Never cite a source you did not use, and never invent facts, names, numbers, dates or quotes.',
  );
  lines.push(`- Output: ${format(task)}`);
  lines.push(`- Tone: ${tone(task)}`);
  lines.push(
    '- Missing information: if the sources and context do not say something, write "Not stated in the sources" (or list it as an open question) instead of guessing; do not fill gaps with assumptions.',
  );
  return lines.join('\n');
}
