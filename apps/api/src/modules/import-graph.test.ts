import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The API's import graph (decision 0096), read from the sources: no file imports itself round a
 * cycle, and below the routes the modules form layers — seating above the floor and reservations,
 * the floor below reservations. Tests and their helpers are left out: they arrange what they check.
 */

const src = path.resolve(import.meta.dirname, '..');
const IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?'(\.[^']+)'/gm;

interface Edge {
  to: string;
  typeOnly: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|test-support|test-helpers/.test(entry.name) ? [full] : [];
  });
}

function importGraph(): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>();
  for (const file of sources(src)) {
    const edges = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => ({ to: path.resolve(path.dirname(file), m[2]!), typeOnly: Boolean(m[1]) }));
    graph.set(path.relative(src, file), edges.map((e) => ({ ...e, to: path.relative(src, e.to) })));
  }
  return graph;
}

/** Every cycle a depth-first walk meets, each as the files round it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, stack: string[]) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) walk(next, stack);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) walk(node, []);
  return found;
}

const moduleOf = (file: string) => (file.startsWith('modules/') && file.split('/').length > 2 ? file.split('/')[1]! : null);
const isRoutes = (file: string) => /(^|-)routes\.ts$/.test(path.basename(file));

/** Which module's files (routes left out: they compose services) import which other module, type imports included. */
function moduleGraph(graph: Map<string, Edge[]>): Map<string, string[]> {
  const modules = new Map<string, Set<string>>();
  for (const [file, edges] of graph) {
    const from = moduleOf(file);
    if (!from || isRoutes(file)) continue;
    for (const edge of edges) {
      const to = moduleOf(edge.to);
      if (to && to !== from) modules.set(from, (modules.get(from) ?? new Set()).add(to));
    }
  }
  return new Map([...modules].map(([name, targets]) => [name, [...targets]]));
}

describe('API import graph', () => {
  const graph = importGraph();

  it('has no import cycle between files (the schema aside: Drizzle tables name each other lazily, references(() => …))', () => {
    const runtime = new Map([...graph].filter(([file]) => !file.startsWith('db/schema/')).map(([file, edges]) => [file, edges.filter((e) => !e.typeOnly).map((e) => e.to)]));
    expect(cycles(runtime)).toEqual([]);
  });

  it('has no cycle between modules below the routes: seating above the floor and reservations, the floor below both', () => {
    const modules = moduleGraph(graph);
    expect(cycles(modules)).toEqual([]);
    expect(modules.get('floor') ?? []).not.toContain('reservations');
    expect(modules.get('floor') ?? []).not.toContain('seating');
    expect(modules.get('reservations') ?? []).not.toContain('seating');
    expect(modules.get('seating')).toEqual(expect.arrayContaining(['floor', 'reservations']));
  });

  it('finds a cycle when there is one (the walk can fail)', () => {
    expect(cycles(new Map([['floor', ['reservations']], ['reservations', ['floor']]]))).toEqual([['floor', 'reservations', 'floor']]);
    const before = moduleGraph(
      new Map([
        ['modules/floor/seat-allocations.ts', [{ to: 'modules/reservations/service.ts', typeOnly: false }]],
        ['modules/reservations/service.ts', [{ to: 'modules/floor/allocation-release.ts', typeOnly: false }]],
      ]),
    );
    expect(cycles(before)).toHaveLength(1);
  });
});
