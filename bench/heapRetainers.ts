// What keeps objects of a kind alive in a heap snapshot: for each name asked, the chains of
// retainers from the GC roots to a few of its objects (shortest paths), and the total self size
// of the objects below each distinct chain. Used to find the caches behind issue 28's heap.
//
//   npx tsx bench/heapRetainers.ts <file.heapsnapshot> "Entry (object)" "Token (object)" ...
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const [file, ...wanted] = process.argv.slice(2);
const depth = Number(process.env.HEAP_RETAINER_DEPTH ?? 9);
if (!file || wanted.length === 0) {
  console.error('usage: npx tsx bench/heapRetainers.ts <file.heapsnapshot> "<name> (object)" ...');
  process.exit(2);
}
const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const { node_fields, node_types, edge_fields, edge_types } = snap.snapshot.meta;
const nodeWidth = node_fields.length;
const edgeWidth = edge_fields.length;
const typeAt = node_fields.indexOf('type');
const nameAt = node_fields.indexOf('name');
const sizeAt = node_fields.indexOf('self_size');
const edgeCountAt = node_fields.indexOf('edge_count');
const edgeTypeAt = edge_fields.indexOf('type');
const edgeNameAt = edge_fields.indexOf('name_or_index');
const edgeToAt = edge_fields.indexOf('to_node');
const nodeCount = snap.nodes.length / nodeWidth;

const labelOf = (node: number) => {
  const type = node_types[0][snap.nodes[node * nodeWidth + typeAt]!]!;
  const name = snap.strings[snap.nodes[node * nodeWidth + nameAt]!]!;
  return type === 'object' || type === 'closure' ? `${name} (${type})` : `(${type})`;
};
const firstEdge = new Uint32Array(nodeCount + 1);
for (let n = 0, e = 0; n < nodeCount; n++) {
  firstEdge[n] = e;
  e += snap.nodes[n * nodeWidth + edgeCountAt]! * edgeWidth;
  firstEdge[n + 1] = e;
}
// Breadth-first from the root (node 0), skipping weak edges: the parent of each node on a
// shortest strong path.
const parent = new Int32Array(nodeCount).fill(-1);
const parentEdge = new Int32Array(nodeCount).fill(-1);
parent[0] = 0;
let queue = [0];
while (queue.length) {
  const next: number[] = [];
  for (const node of queue) {
    for (let e = firstEdge[node]!; e < firstEdge[node + 1]!; e += edgeWidth) {
      if (edge_types[0][snap.edges[e + edgeTypeAt]!] === 'weak') continue;
      const to = snap.edges[e + edgeToAt]! / nodeWidth;
      if (parent[to] !== -1) continue;
      parent[to] = node;
      parentEdge[to] = e;
      next.push(to);
    }
  }
  queue = next;
}
const edgeLabel = (e: number) => {
  const type = edge_types[0][snap.edges[e + edgeTypeAt]!];
  const nameOrIndex = snap.edges[e + edgeNameAt]!;
  return type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : `.${snap.strings[nameOrIndex]}`;
};
const chainOf = (node: number) => {
  const parts: string[] = [];
  let at = node;
  while (at > 0) {
    parts.unshift(`${labelOf(parent[at]!)}${edgeLabel(parentEdge[at]!)}`);
    at = parent[at]!;
  }
  return parts.join(' → ');
};

for (const name of wanted) {
  // Group the objects by the chain of retainer names (without indices), so a cache shows as one line.
  const groups = new Map<string, { count: number; bytes: number; example: string }>();
  for (let n = 0; n < nodeCount; n++) {
    if (labelOf(n) !== name || parent[n] === -1) continue;
    const chain = chainOf(n);
    // The owner is near the root: group by the first hops, numbers and ids left out.
    const key = chain
      .split(' → ')
      .slice(0, depth)
      .join(' → ')
      .replace(/\[\d+\]|\.\d+\b/g, '[]')
      .replace(/@\d+/g, '@');
    const example = chain
      .split(' → ')
      .slice(0, depth + 6)
      .join(' → ');
    const group = groups.get(key) ?? { count: 0, bytes: 0, example };
    group.count++;
    group.bytes += snap.nodes[n * nodeWidth + sizeAt]!;
    groups.set(key, group);
  }
  console.log(`\n== ${name}`);
  for (const [, group] of [...groups].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 6))
    console.log(`${group.count} objects, ${(group.bytes / 2 ** 20).toFixed(2)} MiB:\n  ${group.example}`);
}
