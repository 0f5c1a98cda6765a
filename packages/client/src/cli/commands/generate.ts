/**
 * `quire generate <document> [--follow] [--force | --preserve-edited]`: starts a run; with
 * `--follow`, shows its progress live and exits by the terminal event (0 finished, 2 blocked,
 * 1 failed). The stream is followed by the client's follower: one reconnect with
 * Last-Event-ID after a cut, no event shown twice.
 */
import { getDocument } from '../../documents.js';
import { followProgress } from '../../follow-progress.js';
import { startGeneration } from '../../generate.js';
import type { TerminalEvent } from '../../progress-events.js';
import { isTerminal } from '../../progress-events.js';
import { type CommandContext, requireArg } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { describeEvent } from '../progress-display.js';
import { UsageError } from '../usage-error.js';

export async function generate(ctx: CommandContext): Promise<number> {
  const documentId = requireArg(ctx, 0, 'document');
  const { force, 'preserve-edited': preserveEdited, follow } = ctx.options;
  if (force && preserveEdited) throw new UsageError('--force and --preserve-edited exclude each other');
  const deadlineMs = timeoutMs(ctx.options.timeout);
  const client = ctx.client();
  const started = await startGeneration(client, documentId, { ...(force ? { force: true } : {}), ...(preserveEdited ? { preserveEdited: true } : {}) });
  const head = started.alreadyRunning ? `A run of ${documentId} is already in progress.` : `Generation of ${documentId} started.`;
  if (!follow) {
    ctx.result(started, `${head} Follow it with \`quire generate ${documentId} --follow\` or on ${started.progressUrl}.`);
    return EXIT.ok;
  }
  ctx.progress(started, head);
  const titles = new Map((await getDocument(client, documentId)).sections.map((section) => [section.id, section.title]));
  let terminal: TerminalEvent | undefined;
  for await (const event of followProgress(client, documentId, { deadlineMs })) {
    ctx.progress(event, describeEvent(event, titles));
    if (isTerminal(event)) terminal = event;
  }
  return exitCodeOf(terminal);
}

export function exitCodeOf(terminal: TerminalEvent | undefined): number {
  if (terminal?.event === 'pipeline_finished') return EXIT.ok;
  if (terminal?.event === 'pipeline_blocked') return EXIT.blocked;
  return EXIT.failed;
}

/** `--timeout <seconds>` as the follower's deadline (absent: follow until the end). */
function timeoutMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout takes a positive number of seconds, got "${value}"`);
  return Math.round(seconds * 1000);
}
