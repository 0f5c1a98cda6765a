/**
 * The judge path on the gold set: each sentence goes through the verify stage (verifySection)
 * with the live model gateway, whose judge call reaches a scripted judge on the real protocol
 * (eval/support/scripted-judge.ts). `model`: the judge alone decides (a missing source still
 * fails); `auto`: the judge and the built-in check together, as a run with a live model does.
 */
import { createModelGateway } from '../../src/adapters/llm/create-model-gateway.js';
import { verifySection } from '../../src/pipeline/stages/verify.js';
import { startFakeOpenAi } from '../../test/support/fake-openai-server.js';
import type { GoldSentence } from '../gold/check-stage-kinds.js';
import { createScriptedJudge } from '../support/scripted-judge.js';
import type { Judged } from './check-stage-builtin.js';

export interface JudgeRun {
  judged: Judged[];
  /** Judge requests sent (first answers and retries). */
  requests: number;
}

export async function runJudgePath(gold: readonly GoldSentence[], judge: 'model' | 'auto'): Promise<JudgeRun> {
  const fake = await startFakeOpenAi({ respond: createScriptedJudge() });
  try {
    const gateway = await createModelGateway({
      provider: 'openai-compatible',
      baseUrl: fake.baseUrl,
      apiKey: 'sk-eval',
      model: 'scripted-judge',
      gatherModel: 'scripted-judge',
      synthesisModel: 'scripted-judge',
      timeoutMs: 30_000,
    });
    const judged: Judged[] = [];
    const batch = 8;
    for (let i = 0; i < gold.length; i += batch) {
      const part = gold.slice(i, i + batch);
      const verdicts = await Promise.all(
        part.map((g) =>
          verifySection(
            { sectionId: g.id, title: g.id, content: g.text },
            { sources: g.sources, facts: g.facts, judge, models: {} },
            { emit: async () => {}, model: gateway },
          ),
        ),
      );
      verdicts.forEach((v, j) => {
        const claims = v?.unsupported?.claims ?? [];
        judged.push({ gold: part[j], flagged: claims.length > 0, why: claims.map((c) => c.reason).join('; ') });
      });
    }
    return { judged, requests: fake.requests.length };
  } finally {
    await fake.close();
  }
}
