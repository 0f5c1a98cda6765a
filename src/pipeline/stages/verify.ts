/**
 * The verify stage: each section with citation markers has its cited claims checked against
 * the cited sources — by the model judge when the gateway has one and the config allows it,
 * else (offline) deterministically: cited numbers, dates, names and quoted spans must occur in
 * the source.
 */
import type { EmitEvent, UnsupportedSection } from '../events.js';
import type { ModelChoice, ModelGateway, ModelUsage } from '../ports.js';
import { OFF_TOPIC, checkSentences, citedSentences } from '../verify/check-citations.js';
import { type StatedFact, valueForCheck } from '../verify/stated-facts.js';
import { findCitations } from '../verify/sentences.js';

export interface VerifyInput {
  sections: ReadonlyArray<{ sectionId: string; title: string; content: string }>;
  /**
   * The numbered sources; a claim is checked against `text`, what render and the model judge
   * see too. A source's `quote` is for readers: it may say what a correction replaced, and
   * a replaced value must not back a claim.
   */
  sources: ReadonlyArray<{ n: number; text: string }>;
  judge: 'auto' | 'deterministic' | 'model';
  models: ModelChoice;
  /** What the document states without a source (field values, computed decisions): a claim may use them (stated-facts.ts). */
  facts?: readonly StatedFact[];
}

export interface VerifyOutput {
  unsupported: UnsupportedSection[];
  checkedSectionIds: string[];
  usage: ModelUsage;
}

type FailingClaim = UnsupportedSection['claims'][number];

const UNKNOWN_SOURCE = /^\[\d+\]$/;

/** The built-in check's reason for a claim it failed: sources that do not exist, then what the cited sources lack. */
export function builtInReason(missing: readonly string[]): string {
  const unknown = missing.filter((m) => UNKNOWN_SOURCE.test(m));
  const conflicts = missing.filter((m) => m.startsWith('contradicts '));
  const absent = missing.filter((m) => !UNKNOWN_SOURCE.test(m) && !conflicts.includes(m) && m !== OFF_TOPIC);
  const parts: string[] = [];
  if (unknown.length > 0) parts.push(`cites ${unknown.join(', ')}, which ${unknown.length === 1 ? 'is not one of the sources' : 'are not among the sources'}`);
  parts.push(...conflicts);
  if (absent.length > 0) parts.push(`not found in the cited source: ${absent.join(', ')}`);
  if (missing.includes(OFF_TOPIC)) parts.push('the cited source is about something else');
  const reason = parts.join('; ') || 'not supported by the cited source';
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** What the check of one cited section found, and the model usage it cost. */
export interface SectionVerdict {
  sectionId: string;
  /** The claims that failed, or null when every cited claim is supported. */
  unsupported: UnsupportedSection | null;
  usage: ModelUsage;
}

/** Whether a section has anything to check (a section without citation markers is skipped, with no events). */
export function citesSources(content: string): boolean {
  return findCitations(content).length > 0;
}

type Claim = ReturnType<typeof checkSentences>['claims'][number];
type Judged = Awaited<ReturnType<ModelGateway['judgeClaims']>>;

const builtInFailure = (c: Claim): FailingClaim => ({ sentence: c.sentence, citations: c.citations, missing: c.missing, reason: builtInReason(c.missing) });

/**
 * The failing claims of a section: the built-in check's, and the judge's when it was asked. A
 * judge whose answer stays unusable (a malformed answer the gateway could not repair nor get
 * again, a failed call) fails this section's claims with that reason, and the run goes on
 * (issue 31, row 8): a section nobody checked is not passed.
 */
async function mergeJudgement(claims: Claim[], judging: Promise<Judged> | undefined, judge: VerifyInput['judge'], usage: ModelUsage): Promise<FailingClaim[]> {
  const builtInFailing = claims.filter((c) => !c.supported).map(builtInFailure);
  if (!judging) return builtInFailing;
  let judged: Judged;
  try {
    judged = await judging;
  } catch (error) {
    const why = `The judge could not check this claim: ${error instanceof Error ? error.message : String(error)}`;
    return claims.map((c) => (c.supported ? { sentence: c.sentence, citations: c.citations, missing: c.missing, reason: why } : builtInFailure(c)));
  }
  if (!judged) return builtInFailing;
  usage.inputTokens += judged.usage.inputTokens;
  usage.outputTokens += judged.usage.outputTokens;
  // Verdicts are positional (the gateway keeps each claim's sentence), so two claims with
  // the same wording never trade reasons; a verdict out of place is found by its sentence.
  return claims.flatMap((c, i): FailingClaim[] => {
    const verdict = judged.value[i]?.sentence === c.sentence ? judged.value[i] : judged.value.find((v) => v.sentence === c.sentence);
    // A cited source that does not exist is a fact, not a judgement: it always fails.
    const builtInCounts = !c.supported && (judge === 'auto' || c.missing.some((m) => UNKNOWN_SOURCE.test(m)));
    // The comment a reader sees gives the reason of the check that failed the claim: the
    // built-in one when it did, the judge's only for a claim the judge alone rejected.
    if (builtInCounts) return [builtInFailure(c)];
    if (verdict && !verdict.supported) return [{ sentence: c.sentence, citations: c.citations, missing: c.missing, reason: verdict.reason }];
    return [];
  });
}

/**
 * Checks the cited claims of one section, emitting its `verify_section_started` and
 * `verify_section_finished`; null when it cites nothing. Sections are independent, so the
 * pipeline checks each as soon as it is rendered, several at once (render-and-verify.ts).
 */
export async function verifySection(
  section: VerifyInput['sections'][number],
  input: Omit<VerifyInput, 'sections'>,
  ports: { emit: EmitEvent; model: ModelGateway },
): Promise<SectionVerdict | null> {
  if (!citesSources(section.content)) return null;
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  const sources = input.sources.map((s) => ({ n: s.n, text: s.text }));
  await ports.emit({ event: 'verify_section_started', sectionId: section.sectionId });
  const sentences = citedSentences(section.content);
  // The judge needs only the cited sentences: it is asked first, and the built-in check (chrono
  // over the claims, and over the sources not read yet: this thread's time) runs while its call
  // is under way — after one turn of the event loop, so that the call's request goes out first.
  const facts = input.facts ?? [];
  // The judge reads the form's dates as the sentences write them ("1 March 2024", not "2024-03-01").
  const factsInWords = facts.map((f) => ({ label: f.label, value: valueForCheck(f.value) }));
  const judging =
    input.judge !== 'deterministic' && sentences.length > 0
      ? ports.model.judgeClaims({ claims: sentences, sources, facts: factsInWords, models: input.models })
      : undefined;
  if (judging) {
    // Awaited below; a call that fails while the check runs is not left unhandled meanwhile.
    judging.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const report = checkSentences(sentences, sources, facts);
  const failing = await mergeJudgement(report.claims, judging, input.judge, usage);
  await ports.emit({ event: 'verify_section_finished', sectionId: section.sectionId, supported: failing.length === 0 });
  return {
    sectionId: section.sectionId,
    unsupported: failing.length > 0 ? { sectionId: section.sectionId, title: section.title, claims: failing } : null,
    usage,
  };
}

/** The verdicts of the checked sections, gathered in the order given (null: not checked). */
export function collectVerdicts(verdicts: ReadonlyArray<SectionVerdict | null>): VerifyOutput {
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  const checked = verdicts.filter((v): v is SectionVerdict => v !== null);
  for (const v of checked) {
    usage.inputTokens += v.usage.inputTokens;
    usage.outputTokens += v.usage.outputTokens;
  }
  return { unsupported: checked.flatMap((v) => (v.unsupported ? [v.unsupported] : [])), checkedSectionIds: checked.map((v) => v.sectionId), usage };
}

/** Checks the given sections one after another (the pipeline overlaps them with rendering instead). */
export async function verifySections(input: VerifyInput, ports: { emit: EmitEvent; model: ModelGateway }): Promise<VerifyOutput> {
  const verdicts: Array<SectionVerdict | null> = [];
  for (const section of input.sections) verdicts.push(await verifySection(section, input, ports));
  return collectVerdicts(verdicts);
}
