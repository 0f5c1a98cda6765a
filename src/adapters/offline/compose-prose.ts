/**
 * The offline composer's writing by section intent. A summary or description states the
 * relevant field values as sentences and quotes the most relevant source sentences; findings
 * hold the field values against what the sources require and say what is met, what falls
 * short and what is not evidenced; a recommendation turns the gaps, the requirements that apply
 * and the measures the sources list into imperative actions. Sentences built from field values
 * carry no citation (they are the user's own input); every cited sentence keeps to its source's
 * words, so the deterministic verify stage accepts it.
 */
import type { StatedFact } from './field-facts.js';
import { joinList, lowerFirst } from './field-facts.js';
import {
  type Assessment,
  type Enumeration,
  type Requirement,
  type SourceSentence,
  asProse,
  assess,
  enumerationsOf,
  lowerLead,
  requirementsOf,
} from './requirements.js';
import type { PickedSentence } from './select-sentences.js';
import type { SectionIntent } from './section-intent.js';
import { contentTokens } from './text.js';

/** Input of {@link composeProse}. */
/** A computed decision as the context carries it (pipeline/stages/decide.ts `DecisionFact`). */
export interface DecisionFactInput {
  title: string;
  decided: boolean;
  outcome: string | null;
  label: string | null;
  reasons: string[];
  restsOn?: string[];
}

export interface ProseInput {
  intent: SectionIntent;
  title: string;
  prompt: string | null;
  /** Every field, stated (the relevant ones are chosen here). */
  stated: StatedFact[];
  /** Statements relevant to the section, in field order. */
  relevant: StatedFact[];
  /** The party the document is about ("Initech Cloud"), when a field names one. */
  party: string | null;
  /** All sentences of the sources. */
  sentences: SourceSentence[];
  /** The source sentences most relevant to the title and prompt. */
  picked: PickedSentence[];
  /** Upper bound on quoted or derived cited sentences. */
  maxSentences: number;
  /** Computed decisions by key: the conclusion is theirs, never one the composer reaches. */
  decisions?: Record<string, DecisionFactInput>;
}

/** One paragraph (or, in a list, one item). */
export interface Block {
  text: string;
  citations: number[];
  /** `argument`: statements with their cited reason, kept together; the others split into sentences in a list. */
  kind: 'statements' | 'quotes' | 'argument';
}

const cited = (text: string, n: number): string => `${text.replace(/[.!?]+$/, '')} [${n}].`;

/** Quoted sentences grouped into one paragraph per source. */
function quoteBlocks(picked: PickedSentence[]): Block[] {
  const blocks: Block[] = [];
  for (const p of picked) {
    const last = blocks[blocks.length - 1];
    const text = cited(asProse(p.text), p.n);
    if (last && last.citations[0] === p.n) last.text = `${last.text} ${text}`;
    else blocks.push({ text, citations: [p.n], kind: 'quotes' });
  }
  return blocks;
}

function statementBlock(stated: StatedFact[]): Block[] {
  const lines = stated.map((s) => s.statement).filter((s): s is string => s !== null);
  return lines.length > 0 ? [{ text: lines.join(' '), citations: [], kind: 'statements' }] : [];
}

/** The requirement in words after glue, by the form the sentence allows. */
function requirementPhrase(r: Requirement): string | null {
  return r.clause === null ? null : `the requirement that ${r.clause}`;
}

/** What a field says when held against a requirement: its statement, or that it is missing. */
function standingStatement(a: Assessment): string {
  if (a.stated.statement !== null) return a.stated.statement;
  return `No ${a.stated.phrase} is on record.`;
}

/** Assessments grouped by requirement, in source order. */
function groups(assessments: Assessment[]): Array<{ requirement: Requirement; items: Assessment[] }> {
  const out: Array<{ requirement: Requirement; items: Assessment[] }> = [];
  for (const a of assessments) {
    const last = out.find((g) => g.requirement === a.requirement);
    if (last) last.items.push(a);
    else out.push({ requirement: a.requirement, items: [a] });
  }
  return out;
}

/** The standing of a group: a gap outweighs a condition that applies, which outweighs evidence. */
function groupStanding(items: Assessment[]): Assessment['standing'] {
  for (const s of ['gap', 'applies', 'met', 'on-record'] as const) if (items.some((a) => a.standing === s)) return s;
  return 'on-record';
}

/** A statement without its full stop, to continue it as a clause. */
const clauseOf = (statement: string): string => statement.replace(/[.!?]+$/, '');

/**
 * How a fact relates to the requirement it is held against: per standing, wordings taken in turn,
 * so three rules met in one section do not each read "which satisfies the requirement that".
 */
const CONNECTORS: Record<Exclude<Assessment['standing'], 'applies'>, readonly string[]> = {
  gap: ['which falls short of', 'which does not meet', 'so it fails'],
  met: ['which satisfies', 'in line with', 'and so meets'],
  'on-record': ['which bears on', 'which is evidence on', 'relevant to'],
};

/** The i-th connector of a standing (cycling). */
function connector(standing: Exclude<Assessment['standing'], 'applies'>, i: number): string {
  const list = CONNECTORS[standing];
  return list[i % list.length];
}

/**
 * The cited sentence that ties a group's facts to its requirement: the facts as its opening
 * clause, so the sentence says why the fact matters ("Because there are special categories of
 * data, Article 35(3) GDPR requires…") rather than reading the fact back on its own.
 */
function tieSentence(requirement: Requirement, standing: Assessment['standing'], facts: string[], turn: number): string {
  const phrase = requirementPhrase(requirement);
  const n = requirement.n;
  const lead = joinList(facts.map((f, i) => (i === 0 ? clauseOf(f) : lowerFirst(clauseOf(f)))));
  if (standing === 'applies') {
    const body = lowerLead(asProse(requirement.text));
    return lead === '' ? cited(upperFirst(body), n) : cited(`Because ${lowerFirst(lead)}, ${body}`, n);
  }
  if (phrase === null || lead === '') return cited(asProse(requirement.text), n);
  return cited(`${lead}, ${connector(standing, turn)} ${phrase}`, n);
}

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Requirements of the sources that no field speaks to, from sources the fields were held against. */
function unevidenced(requirements: Requirement[], assessments: Assessment[], max: number): Requirement[] {
  const used = new Set(assessments.map((a) => a.requirement));
  const checkedSources = new Set(assessments.map((a) => a.requirement.n));
  return requirements.filter((r) => !used.has(r) && checkedSources.has(r.n) && r.clause !== null).slice(0, max);
}

/** Query tokens of the title and prompt. */
function queryTokens(title: string, prompt: string | null): Set<string> {
  return new Set(contentTokens(`${title} ${prompt ?? ''}`));
}

/** Enumerations whose subject is what the section is about ("risks", "measures"). */
function enumerationsFor(sentences: SourceSentence[], query: Set<string>): Enumeration[] {
  return enumerationsOf(sentences).filter((e) => contentTokens(e.subject).some((t) => query.has(t)));
}

/** Words shared by nearly every item of a data-protection or security list: no tie on their own. */
const BROAD = new Set(['data', 'personal', 'processing', 'process', 'information', 'system', 'security', 'name', 'date']);

/** An enumerated item that a field's value bears on ("excessive retention" ↔ "Retention period"). */
function itemsBearingOn(e: Enumeration, stated: StatedFact[]): Array<{ item: string; stated: StatedFact }> {
  const out: Array<{ item: string; stated: StatedFact }> = [];
  for (const item of e.items) {
    const tokens = contentTokens(item);
    const hit = stated.find(
      (s) =>
        (s.flag === true || (s.booleanKind === null && s.statement !== null)) &&
        contentTokens(s.phrase).some((t) => t.length > 3 && !BROAD.has(t) && tokens.includes(t)),
    );
    if (hit) out.push({ item, stated: hit });
  }
  return out;
}

/**
 * Summary, description and conclusion: the sources' relevant sentences, cited. Field values are
 * stated only when there is nothing to quote (an llm data-need, a section without sources): next
 * to quoted sources, "The client is Contoso GmbH." only reads the form back to its reader.
 */
function describe(input: ProseInput): Block[] {
  return input.picked.length > 0 ? quoteBlocks(input.picked) : statementBlock(input.relevant);
}

/**
 * The computed decision that judges a requirement, when one does: a rule-level decision (read by
 * another, so not a conclusion) whose title shares at least two content words with the
 * requirement, the one sharing most. Its verdict stands where the composer would judge by itself.
 */
function decisionJudging(requirement: Requirement, decisions: Record<string, DecisionFactInput>): DecisionFactInput | null {
  const readBy = new Set(Object.values(decisions).flatMap((d) => d.restsOn ?? []));
  const words = new Set(contentTokens(requirement.text));
  let best: { decision: DecisionFactInput; shared: number } | null = null;
  for (const [key, decision] of Object.entries(decisions)) {
    if (!decision.decided || !readBy.has(key)) continue;
    const shared = new Set(contentTokens(decision.title).filter((t) => words.has(t))).size;
    if (shared >= 2 && (best === null || shared > best.shared)) best = { decision, shared };
  }
  return best?.decision ?? null;
}

/**
 * A requirement judged by a computed decision: its reasons, then how they stand against the
 * requirement ("The last penetration test is 20 months old, so the rule … is not met, which falls
 * short of the requirement that…"). The verdict is the decision's; the composer only connects it.
 */
function decisionTie(requirement: Requirement, decision: DecisionFactInput, turn: number): string {
  const phrase = requirementPhrase(requirement);
  const reasons = decision.reasons.map(clauseOf).filter((r) => r !== '');
  const standing: Assessment['standing'] = decision.outcome === 'met' ? 'met' : decision.outcome === 'not_met' ? 'gap' : 'on-record';
  if (reasons.length === 0 || phrase === null) {
    return cited(`${decision.title}: ${lowerFirst(decision.label ?? '')}. ${asProse(requirement.text)}`, requirement.n);
  }
  const lead = reasons.length === 1 ? reasons[0] : `${reasons.slice(0, -1).join('; ')}; ${lowerFirst(reasons[reasons.length - 1])}`;
  return cited(`${lead}, ${connector(standing, turn)} ${phrase}`, requirement.n);
}

/**
 * Findings: each requirement a fact or a computed decision speaks to, in one sentence with its
 * reason, and the lists of the sources that the section is about with the items the facts bear
 * on. What the inputs do not evidence is left to the recommendation, which asks for it: saying it
 * here too would repeat the requirement's words in two sections.
 */
function findings(input: ProseInput): Block[] {
  const requirements = requirementsOf(input.sentences);
  const assessments = assess(requirements, input.stated);
  const blocks: Block[] = [];
  const said = new Set<StatedFact>();
  const judgedBy = (r: Requirement) => decisionJudging(r, input.decisions ?? {});
  const turns = new Map<string, number>();
  const turn = (standing: string): number => {
    const t = turns.get(standing) ?? 0;
    turns.set(standing, t + 1);
    return t;
  };
  for (const g of groups(assessments)) {
    const decision = judgedBy(g.requirement);
    const facts = decision ? [] : g.items.filter((a) => !said.has(a.stated)).map(standingStatement);
    for (const a of g.items) said.add(a.stated);
    const standing = groupStanding(g.items);
    const tie = decision ? decisionTie(g.requirement, decision, turn(decision.outcome ?? '')) : tieSentence(g.requirement, standing, facts, turn(standing));
    blocks.push({ text: tie, citations: [g.requirement.n], kind: 'argument' });
  }
  const query = queryTokens(input.title, input.prompt);
  for (const e of enumerationsFor(input.sentences, query)) {
    const bearing = itemsBearingOn(e, input.stated);
    const lines: string[] = [cited(`The ${e.subject.replace(/^the\s+/i, '')} are ${joinList(e.items.map((i) => i.replace(/^and\s+/, '')))}`, e.n)];
    const reasons = bearing.filter((b) => b.stated.statement !== null && !said.has(b.stated)).map((b) => b.stated.statement as string);
    for (const b of bearing) said.add(b.stated);
    if (bearing.length > 0) {
      const items = [...new Set(bearing.map((b) => b.item))];
      const because = reasons.length > 0 ? `Because ${lowerFirst(joinList([...new Set(reasons)].map(clauseOf)))}, ` : 'Here ';
      lines.push(cited(`${because}${joinList(items.map(lowerFirst))} ${items.length === 1 ? 'matters' : 'matter'} most`, e.n));
    }
    blocks.push({ text: lines.join(' '), citations: [e.n], kind: 'argument' });
  }
  if (!blocks.some((b) => b.citations.length > 0)) blocks.push(...quoteBlocks(input.picked));
  return blocks;
}

/** Lists of what can go wrong are not lists of things to put in place. */
const RISKS = /\b(risks?|threats?|issues?|problems?|harms?|dangers?|hazards?|weaknesses?)\b/i;

/** The imperative that closes a gap left by a field. */
function gapAction(a: Assessment, party: string | null): string {
  const from = party ? ` from ${party}` : '';
  const words = a.stated.phrase.split(' ');
  const last = words[words.length - 1] ?? '';
  if (
    a.stated.booleanKind === 'control' &&
    /(ed|ant)$/.test(last) &&
    !/^(signed|provided|named|documented|attached|agreed)$/.test(last) &&
    /\b(is|are) not\b/.test(a.stated.statement ?? '')
  ) {
    return `Require ${party ?? 'the party concerned'} to become ${a.stated.phrase}.`;
  }
  if (a.stated.booleanKind === 'control') {
    const thing = words.slice(0, -1).join(' ');
    return `Obtain ${/^[aeiou]/i.test(thing) ? 'an' : 'a'} ${thing}${from}.`;
  }
  return `Obtain the ${a.stated.phrase}${from} and record it.`;
}

/** The decision the prompt asks for, when it offers one ("approve, approve with conditions, or reject"). */
function verdict(input: ProseInput, gaps: number): string | null {
  const asked = `${input.title} ${input.prompt ?? ''}`;
  if (!/\b(approve|reject|accept|onboard)\w*/i.test(asked)) return null;
  const who = input.party ?? 'the proposal';
  if (gaps === 0) return `Approve ${who}.`;
  if (/\bconditions?\b/i.test(asked)) return `Approve ${who} on condition that the ${gaps === 1 ? 'action below is' : 'actions below are'} completed first.`;
  return `Reject ${who} until the ${gaps === 1 ? 'gap below is' : 'gaps below are'} closed.`;
}

/**
 * The computed decisions a recommendation states: each conclusion no other decision rests on, as
 * a sentence with its reasons ("The recommendation is to approve with conditions, because not
 * every rule … is met."), then the rules it rests on that are not met, by name. Their reasons are
 * the findings' to give: repeating them here would repeat a paragraph across sections.
 */
function decidedStatements(decisions: Record<string, DecisionFactInput>): string[] {
  const readBy = new Set(Object.values(decisions).flatMap((d) => d.restsOn ?? []));
  const conclusions = Object.entries(decisions).filter(([key, d]) => d.decided && d.label !== null && !readBy.has(key));
  return conclusions.map(([, d]) => {
    const label = lowerFirst(d.label ?? '');
    const verb = /^(approve|reject|accept|decline|proceed|stop|consult|onboard|continue)\b/i.test(label) ? `is to ${label}` : `is ${label}`;
    const because = d.reasons.map(clauseOf).filter((r) => r !== '');
    const head = `The ${lowerFirst(d.title)} ${verb}`;
    const stated = because.length > 0 ? `${head}, because ${lowerFirst(joinList(because.map((r, i) => (i === 0 ? r : lowerFirst(r)))))}.` : `${head}.`;
    // The rules it rests on that are not met, by name and verdict: the conditions a reader acts on.
    const open = (d.restsOn ?? [])
      .map((k) => decisions[k])
      .filter((g): g is DecisionFactInput => g !== undefined && g.decided && g.outcome !== 'met' && g.label !== null);
    if (open.length === 0) return stated;
    return `${stated} Still open: ${joinList(open.map((g) => `${lowerFirst(g.title)} (${lowerFirst(g.label ?? '')})`))}.`;
  });
}

/** Asking for what the inputs do not evidence, one wording each, so no ask reads like the last. */
const ASK = ['Obtain evidence for', 'Before going ahead, confirm compliance with', 'Ask for proof of'];

/**
 * Recommendation: the computed decision (or, without one, the one the prompt asks for), one
 * action per gap, the measures the sources list (one item each, named, not "Put in place …" each
 * time), and a request for each requirement the inputs do not evidence. A requirement that
 * applies because of the facts is the findings' to state: asking for it here would repeat it.
 */
function recommendations(input: ProseInput): Block[] {
  const requirements = requirementsOf(input.sentences);
  const assessments = assess(requirements, input.stated);
  const blocks: Block[] = [];
  const gaps = groups(assessments).filter((g) => groupStanding(g.items) === 'gap');
  const computed = decidedStatements(input.decisions ?? {});
  const decision = computed.length > 0 ? null : verdict(input, gaps.length);
  for (const text of computed) blocks.push({ text, citations: [], kind: 'statements' });
  if (decision) blocks.push({ text: decision, citations: [], kind: 'statements' });
  for (const g of gaps) {
    const actions = g.items.filter((a) => a.standing === 'gap').map((a) => clauseOf(gapAction(a, input.party)));
    const phrase = requirementPhrase(g.requirement);
    const text =
      phrase === null
        ? `${joinList(actions.map((a, i) => (i === 0 ? a : lowerFirst(a))))}. ${cited(asProse(g.requirement.text), g.requirement.n)}`
        : cited(`${joinList(actions.map((a, i) => (i === 0 ? a : lowerFirst(a))))}, to meet ${phrase}`, g.requirement.n);
    blocks.push({ text, citations: [g.requirement.n], kind: 'argument' });
  }
  const query = queryTokens(input.title, input.prompt);
  for (const e of enumerationsFor(input.sentences, query).filter((x) => !RISKS.test(x.subject))) {
    for (const item of e.items.slice(0, input.maxSentences + 4))
      blocks.push({ text: cited(upperFirst(item.replace(/^and\s+/, '')), e.n), citations: [e.n], kind: 'argument' });
  }
  unevidenced(requirements, assessments, 3).forEach((r, i) =>
    blocks.push({ text: cited(`${ASK[i % ASK.length]} ${requirementPhrase(r)}`, r.n), citations: [r.n], kind: 'argument' }),
  );
  if (!blocks.some((b) => b.citations.length > 0) && input.picked.length > 0) {
    blocks.push({ text: 'Act on these points of the cited sources.', citations: [], kind: 'statements' }, ...quoteBlocks(input.picked));
  }
  if (blocks.length === 0)
    blocks.push({ text: 'Review the inputs above before the document is sent; no source gave a requirement to act on.', citations: [], kind: 'statements' });
  return blocks;
}

/**
 * The section as blocks (paragraphs or list items), by intent. Pure and deterministic: the same
 * input gives the same blocks in the same order.
 */
export function composeProse(input: ProseInput): Block[] {
  if (input.intent === 'findings') return findings(input);
  if (input.intent === 'recommendation') return recommendations(input);
  return describe(input);
}

/** Whether a field statement is relevant to the section's title and prompt. */
export function relevantTo(stated: StatedFact, title: string, prompt: string | null): boolean {
  const query = queryTokens(title, prompt);
  return contentTokens(`${stated.phrase} ${stated.fact.value}`).some((t) => query.has(t));
}
