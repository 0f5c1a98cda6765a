/**
 * Rendering and verification overlapped: each section's citations are checked as soon as that
 * section is rendered, while the others are still being written, and the sections' model calls
 * and the judge's share one limit (`render.concurrency`), so a run never has more calls in
 * flight than that. Stage events still begin in lifecycle order: a check starts only after its
 * section was rendered, so the first `render_started` precedes `verify_started`, which is
 * emitted just before the first `verify_section_started` (or after rendering, when no section
 * cites anything).
 */
import type { EmitEvent, FailedSection, UnsupportedSection } from '../events.js';
import { createLimiter } from '../limiter.js';
import type { ModelGateway, ModelUsage } from '../ports.js';
import { type DecisionToCheck, contradictionsOf } from '../verify/check-decisions.js';
import { type RenderOptions, type RenderSection, type RenderedSection, renderSections } from './render.js';
import { type SectionVerdict, type VerifyInput, citesSources, collectVerdicts, verifySection } from './verify.js';

export interface VerifyOptions extends Omit<VerifyInput, 'sections'> {
  enabled: boolean;
  /** Section id → title (what an unsupported section is reported under). */
  titles: ReadonlyMap<string, string>;
  /** The run's computed decisions: a sentence stating another conclusion is flagged (checked even when citations are not). */
  decisions?: readonly DecisionToCheck[];
}

export interface RenderedAndVerified {
  rendered: RenderedSection[];
  unsupported: UnsupportedSection[];
  /** The judge's usage (the sections' own is on each rendered section). */
  verifyUsage: ModelUsage;
  /** Sections whose writer failed; the others were rendered and checked (issue 31, row 8). */
  failed: FailedSection[];
}

export async function renderAndVerify(
  sections: readonly RenderSection[],
  context: Record<string, unknown>,
  ports: { emit: EmitEvent; model: ModelGateway },
  options: RenderOptions & { verify: VerifyOptions },
): Promise<RenderedAndVerified> {
  const slots = options.slots ?? createLimiter(options.concurrency);
  let announced: Promise<void> | null = null;
  const announce = () => (announced ??= ports.emit({ event: 'verify_started' }));
  const verifyPorts = {
    model: ports.model,
    emit: async (event: Parameters<EmitEvent>[0]) => {
      if (event.event === 'verify_section_started') await announce();
      await ports.emit(event);
    },
  };
  const checks: Array<Promise<SectionVerdict | null>> = [];
  let renderFailed = false;
  const onRendered = (section: RenderedSection) => {
    options.onRendered?.(section);
    if (!options.verify.enabled || renderFailed || !citesSources(section.content)) return;
    const check = slots.run(() =>
      verifySection(
        { sectionId: section.sectionId, title: options.verify.titles.get(section.sectionId) ?? '', content: section.content },
        options.verify,
        verifyPorts,
      ),
    );
    // Awaited below; a check that fails after the render already failed must not go unhandled.
    check.catch(() => undefined);
    checks.push(check);
  };

  let rendered: RenderedSection[];
  const failed: FailedSection[] = [];
  try {
    rendered = await renderSections(sections, context, ports, { ...options, slots, onRendered, onSectionFailed: (f) => failed.push(f) });
  } catch (error) {
    // The run fails with the render's error; checks under way finish first, so no event of
    // this run follows the terminal one the runner is about to append.
    renderFailed = true;
    await Promise.allSettled(checks);
    throw error;
  }
  if (options.verify.enabled) await announce();
  // Checks were started in the order sections finished; the verdicts are reported in document order.
  const verdicts = await Promise.all(checks);
  const bySection = new Map(verdicts.flatMap((v) => (v ? [[v.sectionId, v] as const] : [])));
  const verified = collectVerdicts(rendered.map((r) => bySection.get(r.sectionId) ?? null));
  return { rendered, unsupported: withContradictions(verified.unsupported, rendered, options.verify), verifyUsage: verified.usage, failed };
}

/** The sections' unsupported claims with, added to each, its sentences that contradict a computed decision (in document order). */
function withContradictions(unsupported: UnsupportedSection[], rendered: readonly RenderedSection[], verify: VerifyOptions): UnsupportedSection[] {
  const decisions = verify.decisions ?? [];
  if (decisions.length === 0) return unsupported;
  const bySection = new Map(unsupported.map((u) => [u.sectionId, u]));
  return rendered.flatMap((section): UnsupportedSection[] => {
    const own = bySection.get(section.sectionId);
    const contradictions = contradictionsOf(section.content, decisions).map((c) => ({
      sentence: c.sentence,
      citations: [],
      missing: [],
      reason: c.reason,
      kind: 'contradicts_decision' as const,
      decision: c.decision,
    }));
    if (contradictions.length === 0) return own ? [own] : [];
    const title = own?.title ?? verify.titles.get(section.sectionId) ?? '';
    return [{ sectionId: section.sectionId, title, claims: [...(own?.claims ?? []), ...contradictions] }];
  });
}
