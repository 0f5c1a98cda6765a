/**
 * The cost of a run from its token counts and the configured prices (per million tokens).
 * Offline runs cost nothing; a live run with no configured price has an unknown cost (null).
 */
import type { ModelUsage } from '../../pipeline/ports.js';

export function runCost(usage: ModelUsage, price: { inputPerMTok: number; outputPerMTok: number }, mode: string): { currency: string; amount: number } | null {
  if (mode === 'offline') return { currency: 'USD', amount: 0 };
  if (price.inputPerMTok === 0 && price.outputPerMTok === 0) return null;
  const amount = (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000;
  return { currency: 'USD', amount: Math.round(amount * 1_000_000) / 1_000_000 };
}
