/**
 * What a section is for, read from its title and prompt: the offline composer writes a summary,
 * findings, a recommendation or a conclusion differently. The title decides when it names an
 * intent ("Findings", "Recommendation"); otherwise the prompt's wording does ("Recommend
 * approve or reject…", "Identify the risks…"); otherwise the section describes.
 */

export type SectionIntent = 'summary' | 'findings' | 'recommendation' | 'conclusion' | 'description';

/** Checked in this order, so "Summary of findings" is a summary and "Risk measures" a recommendation. */
const CUES: Array<{ intent: SectionIntent; re: RegExp }> = [
  { intent: 'conclusion', re: /\b(conclu\w*|sign-?off|closing|outcome|verdict)\b/i },
  {
    intent: 'recommendation',
    re: /\b(recommend|recommendations?|measures?|actions?|next steps?|mitigat\w*|remediat\w*|proposals?|propose|advice|advise|decide|decision|conditions)\b/i,
  },
  { intent: 'summary', re: /\b(summary|summari[sz]e|overview|introduction|executive|abstract|background|at a glance)\b/i },
  { intent: 'findings', re: /\b(findings?|gaps?|risks?|issues?|observations?|analys[ie]s|assess\w*|compare|comparison|evaluat\w*|identify|review)\b/i },
];

/** A title names its intent by its strongest cue. */
function titleIntent(title: string): SectionIntent | null {
  return CUES.find((c) => c.re.test(title))?.intent ?? null;
}

/** A prompt by its first cue: "Summarize the findings and recommended tests" asks for a summary. */
function promptIntent(prompt: string): SectionIntent | null {
  let best: { intent: SectionIntent; at: number } | null = null;
  for (const cue of CUES) {
    const at = prompt.search(cue.re);
    if (at >= 0 && (best === null || at < best.at)) best = { intent: cue.intent, at };
  }
  return best?.intent ?? null;
}

/** The section's intent: from its title, else from its prompt, else `description`. */
export function sectionIntent(title: string, prompt: string | null): SectionIntent {
  return titleIntent(title) ?? promptIntent(prompt ?? '') ?? 'description';
}
