import { describe, expect, it } from 'vitest';
import { composeDocx } from './compose-docx.js';
import { composeDocxInWorker, composeWorkerStats } from './compose-in-worker.js';
import { largeDocument, sampleDocument } from './test-support/sample-documents.js';

describe('composeDocxInWorker', () => {
  it('gives the same bytes as composing in-process', async () => {
    const doc = sampleDocument();
    const [inWorker, inProcess] = await Promise.all([composeDocxInWorker(doc), composeDocx(doc)]);
    expect(inWorker.equals(inProcess)).toBe(true);
  }, 60_000);

  it('runs several exports at once, each with its own bytes', async () => {
    const docs = [1, 2, 3].map((n) => largeDocument(n * 3));
    const results = await Promise.all(docs.map((doc) => composeDocxInWorker(doc)));
    const expected = await Promise.all(docs.map((doc) => composeDocx(doc)));
    expect(results.map((bytes, i) => bytes.equals(expected[i]))).toEqual([true, true, true]);
  }, 120_000);

  it('keeps its workers between exports: sequential exports start no thread after the first', async () => {
    const doc = largeDocument(5);
    const expected = await composeDocx(doc);
    expect((await composeDocxInWorker(doc)).equals(expected)).toBe(true);
    const started = composeWorkerStats().started;
    expect(started).toBeGreaterThan(0);

    const again = [await composeDocxInWorker(doc), await composeDocxInWorker(doc), await composeDocxInWorker(doc)];

    expect(again.map((bytes) => bytes.equals(expected))).toEqual([true, true, true]);
    expect(composeWorkerStats().started).toBe(started);
  }, 120_000);

  it('refuses a document that does not fit the heap budget with a clear domain error', async () => {
    await expect(composeDocxInWorker(largeDocument(200), { maxHeapMb: 16, timeoutMs: 60_000 })).rejects.toMatchObject({
      name: 'DomainValidationError',
      message: expect.stringContaining('16 MB memory budget'),
    });
  }, 60_000);

  it('stops a worker that runs out of time', async () => {
    await expect(composeDocxInWorker(largeDocument(200), { maxHeapMb: 256, timeoutMs: 50 })).rejects.toMatchObject({
      name: 'DomainValidationError',
      message: expect.stringContaining('too large to export within'),
    });
  }, 60_000);
});
