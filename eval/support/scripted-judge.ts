/**
 * A scripted judge model for the evaluation: it answers the live gateway's `claim_verdicts`
 * request on the real chat-completions protocol (test/support/fake-openai-server.ts), reading
 * only what the prompt shows it — the claims, the cited sources' text, the stated facts — as a
 * literal fact-checker would: a claim is unsupported when a number, date or capitalized name in
 * it is in neither its cited sources nor the stated facts, when it cites a source not listed, or
 * when it states another verdict than a stated decision. It does not read topic or paraphrase,
 * so it stands for a careful but literal model, not for a real one's judgement.
 *
 * Like a real model it sometimes answers badly: every 7th distinct request first gets its JSON
 * in a fence with a trailing comma (repairable), every 11th first gets prose (asked again).
 */
import { createHash } from 'node:crypto';
import type { FakeAnswer, FakeChatRequest } from '../../test/support/fake-openai-server.js';
import { decisionConflicts } from '../../src/pipeline/verify/decision-conflicts.js';
import { findDates, findNumbers, normalizeText } from '../../src/pipeline/verify/normalize.js';

interface PromptClaim {
  sentence: string;
  cites: number[];
}

/** The claims, sources and stated facts of a judge prompt (prompts/judge-claims.ts). */
export function readJudgePrompt(user: string): { claims: PromptClaim[]; sources: Map<number, string>; facts: Array<{ label: string; value: string }> } {
  const [claimPart, rest = ''] = user.split('\n\nSources:\n\n');
  const [sourcePart, factPart = ''] = rest.split('\n\nStated facts:\n');
  const claims = [...claimPart.matchAll(/^\d+\. (.*)\n {3}cites: (.*)$/gm)].map((m) => ({
    sentence: m[1],
    cites: [...m[2].matchAll(/\[(\d+)\]/g)].map((c) => Number(c[1])),
  }));
  const sources = new Map<number, string>();
  for (const block of sourcePart.split(/\n\n(?=\[\d+\]\n)/)) {
    const m = /^\[(\d+)\]\n([\s\S]*)$/.exec(block.trim());
    if (m) sources.set(Number(m[1]), m[2]);
  }
  const facts = [...factPart.matchAll(/^- (.*?): (.*)$/gm)].map((m) => ({ label: m[1], value: m[2] }));
  return { claims, sources, facts };
}

/** What a literal reader misses in one claim (empty: supported). */
function literalMisses(claim: PromptClaim, sources: Map<number, string>, facts: Array<{ label: string; value: string }>): string[] {
  const unknown = claim.cites.filter((n) => !sources.has(n)).map((n) => `[${n}]`);
  const basis = [...claim.cites.map((n) => sources.get(n) ?? ''), ...facts.map((f) => `${f.label}: ${f.value}`)].join('\n');
  const text = normalizeText(basis);
  const dates = new Set(findDates(basis).map((d) => d.key));
  const values = new Set(findNumbers(basis).flatMap((n) => n.values));
  const misses = [...unknown];
  const claimDates = findDates(claim.sentence);
  for (const d of claimDates) if (!dates.has(d.key) && !text.includes(normalizeText(d.text))) misses.push(d.text);
  const inDate = (i: number) => claimDates.some((d) => i >= d.index && i < d.index + d.text.length);
  for (const n of findNumbers(claim.sentence)) if (!inDate(n.index) && !n.values.some((v) => values.has(v))) misses.push(n.text);
  for (const m of claim.sentence.slice(1).matchAll(/(?<![;:]\s)\b\p{Lu}[\p{L}]+/gu)) if (!text.includes(m[0].toLowerCase())) misses.push(m[0]);
  return [...misses, ...decisionConflicts(claim.sentence, facts)];
}

function verdictsJson(user: string): string {
  const { claims, sources, facts } = readJudgePrompt(user);
  const verdicts = claims.map((c) => {
    const misses = literalMisses(c, sources, facts);
    return {
      sentence: c.sentence,
      supported: misses.length === 0,
      reason: misses.length === 0 ? 'Stated in the cited source.' : `Not in the cited source: ${misses.join(', ')}.`,
    };
  });
  return JSON.stringify({ verdicts });
}

/** The judge's answer to one request; `seen` remembers requests, so a fault comes only on a first answer. */
export function createScriptedJudge(): (request: FakeChatRequest) => FakeAnswer {
  let distinct = 0;
  const seen = new Set<string>();
  return (request) => {
    if (request.schemaName !== 'claim_verdicts') return { status: 400, body: { error: { message: 'the scripted judge only judges claims' } } };
    const key = createHash('sha256').update(request.user).digest('hex');
    const first = !seen.has(key) && !request.user.includes('Your previous answer could not be used');
    seen.add(key);
    const json = verdictsJson(request.user.split('\n\nYour previous answer could not be used')[0]);
    if (!first) return { content: json };
    distinct += 1;
    if (distinct % 11 === 0) return { content: 'I have checked the claims and they look fine to me.' };
    if (distinct % 7 === 0) return { content: `Here are the verdicts:\n\`\`\`json\n${json.replace(/\]\}$/, '],}')}\n\`\`\`` };
    return { content: json };
  };
}
