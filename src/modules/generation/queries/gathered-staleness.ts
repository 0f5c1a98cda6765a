/**
 * Which stored gathered rows are out of date, and why (issue #11). A row is out of date when
 * what its need would be derived from now — resolved exactly as the gather stage resolves it
 * before asking the cache (`derivationsNow`: rendered arguments and prompt, the fields and
 * earlier values read, the tool registration's config, an `llm` need's model) — differs from the
 * derivation record stored with the row; the next run misses the cache for exactly these rows.
 * An `assessment` row is never cached: it is out of date when the assessment's validated value
 * now (a correction, a review decision) differs from the stored one. A row that reads an
 * out-of-date row is out of date too, with the same causes. Nothing is called: no tool, no model.
 */
import { type GatheredDerivation, changedInputs } from '../../../pipeline/gathered-derivation.js';
import { sameValue } from '../../../pipeline/inputs-hash.js';
import type { ModelChoice, ModelGateway, ToolGateway } from '../../../pipeline/ports.js';
import { derivationsNow } from '../../../pipeline/stages/gather.js';
import type { CommandContext } from '../../context.js';
import type { DataNeedRecord } from '../../documents/data-needs/data-need.repository.js';
import type { GatheredValueRecord } from '../../documents/data-needs/gathered-value.repository.js';
import type { CauseKind } from '../../history/section-diff.js';
import { assessmentValueForNeed } from '../assessment-need-value.js';
import { gatherPorts } from '../gather-ports.js';
import type { DocumentInputs } from '../inputs/load-document-inputs.js';

/** One input a gathered row was derived from that differs now. */
export interface GatheredCause {
  cause: CauseKind;
  /** `fields.vendor_name`, `gathered.rates`, `tool.vendor-api`, `models.gather`, `dataNeeds.<key>`, `assessment.<id>.<item>`. */
  path: string;
}

/** The services a staleness view resolves data-needs with (no call is made through them). */
export type StalenessServices = { model: ModelGateway; tools: ToolGateway };

/** The causes one recorded input name (`changedInputs`) stands for. */
function causeOf(input: string, need: DataNeedRecord): GatheredCause | null {
  const dot = input.indexOf('.');
  const group = dot < 0 ? input : input.slice(0, dot);
  const name = input.slice(dot + 1);
  switch (group) {
    case 'fields':
      return { cause: 'fields', path: `fields.${name}` };
    case 'deps':
      return { cause: 'gathered', path: `gathered.${name}` };
    case 'variables':
      return { cause: 'variables', path: 'variables' };
    case 'tool':
      return { cause: 'tool', path: `tool.${need.toolRef ?? ''}` };
    case 'model':
      return { cause: 'model', path: 'models.gather' };
    case 'v':
      return { cause: 'engine', path: 'derivation.v' };
    case 'caller':
      // Who asks is not a document input: another user's run re-gathers a per-user source anyway.
      return null;
    default:
      // kind, args, prompt: the need's own definition (args and prompt also change with what they
      // render, which is reported by itself).
      return { cause: 'gathered', path: `dataNeeds.${need.outputKey}` };
  }
}

/** The own causes of a cacheable row: its stored record against the record it would have now. */
function recordCauses(stored: GatheredDerivation, now: GatheredDerivation | Error, need: DataNeedRecord): GatheredCause[] {
  if (now instanceof Error) return [{ cause: 'gathered', path: `dataNeeds.${need.outputKey}` }];
  const named = changedInputs(stored, now)
    .map((input) => causeOf(input, need))
    .filter((c): c is GatheredCause => c !== null);
  const rendered = named.some((c) => c.cause !== 'gathered' || c.path.startsWith('gathered.'));
  // Arguments and prompts re-render when what they read changes: name the definition only when nothing else explains it.
  return rendered ? named.filter((c) => !c.path.startsWith('dataNeeds.')) : named;
}

/** An assessment row: the validated value now against the stored one. */
async function assessmentCauses(ctx: CommandContext, need: DataNeedRecord, row: GatheredValueRecord): Promise<GatheredCause[]> {
  const args = need.args ?? {};
  const path = `assessment.${String(args.assessment_id ?? '')}${typeof args.item_key === 'string' ? `.${args.item_key}` : ''}`;
  try {
    const now = await assessmentValueForNeed(ctx, need);
    const same = sameValue(now.value, row.value) && sameValue(now.source?.text ?? null, row.source?.text ?? null);
    return same ? [] : [{ cause: 'corrections', path }];
  } catch {
    // No validated value any more: the next run fails this need, so what was read is not current.
    return [{ cause: 'corrections', path }];
  }
}

/**
 * Output key → why its stored row is out of date (absent: current, or no record to judge by —
 * rows gathered before derivation records existed). `variables` are the run variables of the
 * latest run (a need reading them is judged against those).
 *
 * @throws never on its own; database errors propagate.
 */
export async function gatheredStaleness(
  ctx: CommandContext,
  services: StalenessServices,
  inputs: DocumentInputs,
  variables: Record<string, unknown>,
): Promise<Map<string, GatheredCause[]>> {
  const rows = await inputs.gathered();
  const result = new Map<string, GatheredCause[]>();
  if (rows.length === 0) return result;
  const rowOf = new Map(rows.map((r) => [r.outputKey, r]));
  const stored = Object.fromEntries(rows.map((r) => [r.outputKey, r.value]));
  const ports = gatherPorts(ctx, services, inputs, { caller: null, models: inputs.config.models as ModelChoice });
  const now = await derivationsNow({ needs: inputs.dataNeeds, fields: inputs.fieldValues, variables }, stored, ports);
  // derivationsNow answers in dependency order, so a row's upstream rows are judged before it.
  const needOf = new Map(inputs.dataNeeds.map((n) => [n.outputKey, n]));
  for (const [key, derivation] of now) {
    const need = needOf.get(key);
    const row = rowOf.get(key);
    if (!need || !row) continue;
    let causes: GatheredCause[];
    if (need.kind === 'assessment') causes = await assessmentCauses(ctx, need, row);
    else if (row.derivation) causes = recordCauses(row.derivation, derivation, need);
    else continue;
    const upstream = new Set([...(need.dependsOn ?? []), ...Object.keys(row.derivation?.deps ?? {})]);
    for (const dep of upstream) causes.push(...(result.get(dep) ?? []));
    const unique = new Map(causes.map((c) => [`${c.cause} ${c.path}`, c]));
    if (unique.size > 0) result.set(key, [...unique.values()]);
  }
  return result;
}
