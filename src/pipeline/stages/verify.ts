/**
 * The verify stage: each section with citation markers has its cited claims checked against
 * the cited sources — by the model judge when the gateway has one and the config allows it,
 * else (offline) deterministically: cited numbers, dates, names and quoted spans must occur in
 * the source.
 */
import type { EmitEvent, UnsupportedSection } from '../events.js';
import type { ModelChoice, ModelGateway, ModelUsage } from '../ports.js';
import { checkCitations } from '../verify/check-citations.js';
import { findCitations } from '../verify/sentences.js';

export interface VerifyInput {
  sections: ReadonlyArray<{ sectionId: string; title: string; content: string }>;
  sources: ReadonlyArray<{ n: number; text: string; quote: string | null }>;
  judge: 'auto' | 'deterministic' | 'model';
  models: ModelChoice;
}

export interface VerifyOutput {
  unsupported: UnsupportedSection[];
  checkedSectionIds: string[];
  usage: ModelUsage;
}

export async function verifySections(input: VerifyInput, ports: { emit: EmitEvent; model: ModelGateway }): Promise<VerifyOutput> {
  const unsupported: UnsupportedSection[] = [];
  const checkedSectionIds: string[] = [];
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  const sources = input.sources.map((s) => ({ n: s.n, text: s.text, quote: s.quote }));
  for (const section of input.sections) {
    if (findCitations(section.content).length === 0) continue;
    checkedSectionIds.push(section.sectionId);
    await ports.emit({ event: 'verify_section_started', sectionId: section.sectionId });
    const report = checkCitations(section.content, sources);
    let failing = report.unsupported.map((c) => ({ sentence: c.sentence, citations: c.citations, missing: c.missing }));
    if (input.judge !== 'deterministic' && report.claims.length > 0) {
      const judged = await ports.model.judgeClaims({
        claims: report.claims.map((c) => ({ sentence: c.sentence, citations: c.citations })),
        sources: sources.map((s) => ({ n: s.n, text: s.text })),
        models: input.models,
      });
      if (judged) {
        usage.inputTokens += judged.usage.inputTokens;
        usage.outputTokens += judged.usage.outputTokens;
        const rejected = new Map(judged.value.filter((j) => !j.supported).map((j) => [j.sentence, j.reason]));
        failing = report.claims
          .filter((c) => rejected.has(c.sentence) || (input.judge === 'auto' && !c.supported))
          .map((c) => ({ sentence: c.sentence, citations: c.citations, missing: c.missing, reason: rejected.get(c.sentence) }));
      }
    }
    if (failing.length > 0) unsupported.push({ sectionId: section.sectionId, title: section.title, claims: failing });
    await ports.emit({ event: 'verify_section_finished', sectionId: section.sectionId, supported: failing.length === 0 });
  }
  return { unsupported, checkedSectionIds, usage };
}
