import { createReadStream, readdirSync } from 'node:fs';
import path from 'node:path';

/** What a heap snapshot holds, by constructor (or node type for non-objects): live bytes and count. */
export type HeapSummary = Map<string, { bytes: number; count: number }>;

export interface HeapGrowth {
  name: string;
  bytesBefore: number;
  bytesAfter: number;
  countBefore: number;
  countAfter: number;
}

/**
 * Reads a .heapsnapshot (V8's JSON: a flat `nodes` array of fixed-size records) and sums the
 * self size of every node by its name. Streams the text once and keeps only the two arrays it
 * needs, so a 100 MB snapshot costs the bench far less than a JSON.parse of all of it.
 */
export async function summariseHeapSnapshot(file: string): Promise<HeapSummary> {
  let text = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) text += chunk;
  // The file starts {"snapshot":{"meta":{…},…},"nodes":[…],"edges":[…],…,"strings":[…]}.
  const head = text.slice(0, text.indexOf('"nodes"')).trim().replace(/,$/, '') + '}';
  const meta = (JSON.parse(head) as { snapshot?: { meta?: { node_fields: string[]; node_types: [string[]] } } })
    .snapshot?.meta;
  if (!meta) throw new Error(`${file}: no snapshot meta`);
  const nodesStart = text.indexOf('[', text.indexOf('"nodes"'));
  const nodesEnd = text.indexOf(']', nodesStart);
  const nodes = JSON.parse(text.slice(nodesStart, nodesEnd + 1)) as number[];
  const stringsStart = text.indexOf('[', text.indexOf('"strings"'));
  const strings = JSON.parse(text.slice(stringsStart, text.lastIndexOf(']') + 1)) as string[];
  const width = meta.node_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const types = meta.node_types[0];
  const summary: HeapSummary = new Map();
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]!]!;
    // Objects by constructor; strings, code, arrays and the like by their kind.
    const name = type === 'object' || type === 'closure' ? `${strings[nodes[i + nameAt]!]} (${type})` : `(${type})`;
    const entry = summary.get(name) ?? { bytes: 0, count: 0 };
    entry.bytes += nodes[i + sizeAt]!;
    entry.count += 1;
    summary.set(name, entry);
  }
  return summary;
}

export function totalBytes(summary: HeapSummary): number {
  let total = 0;
  for (const { bytes } of summary.values()) total += bytes;
  return total;
}

/** The `limit` names whose live bytes grew most from `before` to `after`. */
export function heapGrowth(before: HeapSummary, after: HeapSummary, limit = 8): HeapGrowth[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .map((name) => ({
      name,
      bytesBefore: before.get(name)?.bytes ?? 0,
      bytesAfter: after.get(name)?.bytes ?? 0,
      countBefore: before.get(name)?.count ?? 0,
      countAfter: after.get(name)?.count ?? 0,
    }))
    .sort((a, b) => b.bytesAfter - b.bytesBefore - (a.bytesAfter - a.bytesBefore))
    .slice(0, limit);
}

/** Snapshot files Node wrote into `dir` (--heapsnapshot-signal), oldest first. */
export function heapSnapshotFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.heapsnapshot'))
    .sort()
    .map((name) => path.join(dir, name));
}
