/**
 * The data-need dependency graph: unknown dependencies, cycles (spelled out), and the
 * layers in which needs can run (each layer's needs depend only on earlier layers, so a layer
 * runs concurrently).
 */

export interface GraphNode {
  key: string;
  dependsOn: readonly string[];
}

/** Dependencies that name no node: `[{key, missing}]`. */
export function unknownDependencies(nodes: readonly GraphNode[]): Array<{ key: string; missing: string }> {
  const keys = new Set(nodes.map((n) => n.key));
  const found: Array<{ key: string; missing: string }> = [];
  for (const node of nodes) for (const dep of node.dependsOn) if (!keys.has(dep)) found.push({ key: node.key, missing: dep });
  return found;
}

/** The first cycle found, as a path that starts and ends on the same key (`a → b → a`), or null. */
export function findCycle(nodes: readonly GraphNode[]): string[] | null {
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (key: string): string[] | null => {
    const mark = state.get(key);
    if (mark === 'done') return null;
    if (mark === 'visiting') return [...stack.slice(stack.indexOf(key)), key];
    state.set(key, 'visiting');
    stack.push(key);
    for (const dep of byKey.get(key)?.dependsOn ?? []) {
      if (!byKey.has(dep)) continue;
      const cycle = visit(dep);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(key, 'done');
    return null;
  };
  for (const node of nodes) {
    const cycle = visit(node.key);
    if (cycle) return cycle;
  }
  return null;
}

/** Layers of keys in dependency order; within a layer, the input order is kept. Assumes no cycle. */
export function dependencyLayers(nodes: readonly GraphNode[]): string[][] {
  const remaining = new Map(nodes.map((n) => [n.key, new Set(n.dependsOn.filter((d) => nodes.some((m) => m.key === d)))]));
  const layers: string[][] = [];
  while (remaining.size > 0) {
    const ready = nodes.map((n) => n.key).filter((k) => remaining.has(k) && (remaining.get(k)?.size ?? 0) === 0);
    if (ready.length === 0) break; // a cycle: callers check findCycle first
    layers.push(ready);
    for (const key of ready) remaining.delete(key);
    for (const deps of remaining.values()) for (const key of ready) deps.delete(key);
  }
  return layers;
}
