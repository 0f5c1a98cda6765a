import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { afterEach, describe, expect, it } from 'vitest';
import LongestFirstSequencer, { DURATIONS_FILE } from '../support/longest-first-sequencer.js';

const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository root whose committed durations are `files` (ms by path). */
function rootWith(files: Record<string, number>): string {
  const root = mkdtempSync(join(tmpdir(), 'quire-sequencer-'));
  roots.push(root);
  mkdirSync(join(root, 'test/support'), { recursive: true });
  writeFileSync(join(root, DURATIONS_FILE), JSON.stringify({ files }));
  return root;
}

interface Project {
  name: string;
  isolate: boolean;
  groupOrder: number;
}

const SERVICE: Project = { name: 'service', isolate: false, groupOrder: 0 };
const SOURCE: Project = { name: 'source', isolate: true, groupOrder: 1 };
const BUILT: Project = { name: 'built', isolate: true, groupOrder: 1 };
const COMMANDS: Project = { name: 'commands', isolate: false, groupOrder: 2 };

/** The parts of a specification the sequencer reads. */
function spec(root: string, path: string, project: Project): TestSpecification {
  return {
    moduleId: join(root, path),
    project: { name: project.name, config: { isolate: project.isolate, sequence: { groupOrder: project.groupOrder } } },
  } as unknown as TestSpecification;
}

async function order(root: string, specs: TestSpecification[]): Promise<string[]> {
  const sequencer = new LongestFirstSequencer({ config: { root } } as unknown as Vitest);
  return (await sequencer.sort(specs)).map((s) => s.moduleId.slice(root.length + 1));
}

describe('longest-first test order', () => {
  it('runs the longest files of a group first and keeps the groups in their order', async () => {
    const root = rootWith({
      'src/a.test.ts': 1_000,
      'src/b.test.ts': 90_000,
      'test/built/c.test.ts': 30_000,
      'test/e2e/d.test.ts': 5_000,
      'src/modules/e.test.ts': 70_000,
    });
    const specs = [
      spec(root, 'src/modules/e.test.ts', COMMANDS),
      spec(root, 'src/a.test.ts', SOURCE),
      spec(root, 'test/built/c.test.ts', BUILT),
      spec(root, 'src/b.test.ts', SOURCE),
      spec(root, 'test/e2e/d.test.ts', SERVICE),
    ];
    // The built and source tiers are both isolated: one group, ordered across the two.
    expect(await order(root, specs)).toEqual(['test/e2e/d.test.ts', 'src/b.test.ts', 'test/built/c.test.ts', 'src/a.test.ts', 'src/modules/e.test.ts']);
  });

  it('puts a file the durations do not know before every known one', async () => {
    const root = rootWith({ 'test/e2e/long.test.ts': 300_000 });
    const specs = [spec(root, 'test/e2e/long.test.ts', SERVICE), spec(root, 'test/e2e/new.test.ts', SERVICE)];
    expect(await order(root, specs)).toEqual(['test/e2e/new.test.ts', 'test/e2e/long.test.ts']);
  });

  it('keeps the files of a shared-process project together when two share a group', async () => {
    const shared: Project = { name: 'other', isolate: false, groupOrder: 0 };
    const root = rootWith({ 'test/e2e/a.test.ts': 1_000, 'test/e2e/b.test.ts': 50_000, 'test/x/c.test.ts': 20_000 });
    const specs = [spec(root, 'test/e2e/a.test.ts', SERVICE), spec(root, 'test/x/c.test.ts', shared), spec(root, 'test/e2e/b.test.ts', SERVICE)];
    expect(await order(root, specs)).toEqual(['test/x/c.test.ts', 'test/e2e/b.test.ts', 'test/e2e/a.test.ts']);
  });

  it('orders the files it has no durations for (none here) larger first, as vitest does', async () => {
    const root = mkdtempSync(join(tmpdir(), 'quire-sequencer-'));
    roots.push(root);
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src/a.test.ts'), 'x'.repeat(10));
    writeFileSync(join(root, 'src/b.test.ts'), 'x'.repeat(500));
    const specs = [spec(root, 'src/a.test.ts', SOURCE), spec(root, 'src/b.test.ts', SOURCE)];
    expect(await order(root, specs)).toEqual(['src/b.test.ts', 'src/a.test.ts']);
  });
});
