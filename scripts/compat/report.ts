// The compatibility run's report: Markdown for people, JSON beside it for tools, screenshots in
// the same folder (as bench/peer writes bench/results/peer.md).
import os from 'node:os';
import type { Workaround } from './venia/install';

export type Failure = { kind: 'graphql' | 'console' | 'page'; operation: string; message: string; why?: string };

export type StepResult = {
  name: string;
  ok: boolean;
  seconds: number;
  detail: string;
  screenshot?: string;
  failures: Failure[];
  /** Errors that are not Vela's (listed with the reason), not counted as failures. */
  notes: Failure[];
  error?: string;
};

export type CompatReport = {
  client: string;
  startedAt: string;
  versions: Record<string, string>;
  workarounds: Workaround[];
  timings: Record<string, number>;
  settings: string[];
  steps: StepResult[];
  operations: { name: string; count: number; failed: number }[];
};

export function reportMarkdown(report: CompatReport): string {
  const passed = report.steps.filter((s) => s.ok).length;
  const failures = report.steps.flatMap((s) => s.failures.map((f) => ({ step: s.name, ...f })));
  // The same note in every step (Venia asks the connector's query on each page) is listed once.
  const noteMap = new Map<string, Failure & { steps: number }>();
  for (const step of report.steps)
    for (const note of step.notes) {
      const key = `${note.kind} ${note.message.replace(/ \S+$/, '')}`;
      const seen = noteMap.get(key);
      if (seen) seen.steps += 1;
      else noteMap.set(key, { ...note, operation: note.kind === 'console' ? '(page)' : note.operation, steps: 1 });
    }
  const notes = [...noteMap.values()];
  const lines = [
    `# ${report.client} against Vela`,
    '',
    `Run ${report.startedAt} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Written by \`npm run compat -- venia\` (scripts/compat/).`,
    '',
    `**${passed} of ${report.steps.length} steps passed; ${failures.length} GraphQL / console / page errors.**`,
    '',
    '## Set-up',
    '',
    ...report.settings.map((s) => `- ${s}`),
    `- Versions installed: ${Object.entries(report.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}.`,
    '',
    '## Work-arounds applied to Venia’s install (never to Vela)',
    '',
    '| what | why |',
    '|---|---|',
    ...report.workarounds.map((w) => `| ${cell(w.what)} | ${cell(w.why)} |`),
    '',
    '## Timings',
    '',
    '| phase | seconds |',
    '|---|---|',
    ...Object.entries(report.timings).map(([phase, s]) => `| ${phase} | ${s} |`),
    '',
    '## Steps',
    '',
    '| # | step | result | seconds | what was checked | screenshot |',
    '|---|---|---|---|---|---|',
    ...report.steps.map(
      (s, i) =>
        `| ${i + 1} | ${cell(s.name)} | ${s.ok ? 'pass' : `**fail**${s.error ? `: ${cell(s.error)}` : ''}`} | ${s.seconds} | ${cell(s.detail)} | ${s.screenshot ? `[png](${s.screenshot})` : '—'} |`,
    ),
    '',
    '## Errors (each is a failure)',
    '',
    ...(failures.length === 0
      ? ['None: no GraphQL error in any response, no console error, no uncaught page error.']
      : [
          '| step | kind | operation | message |',
          '|---|---|---|---|',
          ...failures.map((f) => `| ${cell(f.step)} | ${f.kind} | ${cell(f.operation)} | ${cell(f.message)} |`),
        ]),
    '',
    '## Errors not counted, with the reason',
    '',
    ...(notes.length === 0
      ? ['None.']
      : [
          '| kind | operation | message | why not a failure | steps |',
          '|---|---|---|---|---|',
          ...notes.map(
            (n) => `| ${n.kind} | ${cell(n.operation)} | ${cell(n.message)} | ${cell(n.why ?? '')} | ${n.steps} |`,
          ),
        ]),
    '',
    '## GraphQL operations Venia sent',
    '',
    `${report.operations.length} distinct operations, ${report.operations.reduce((n, o) => n + o.count, 0)} requests.`,
    '',
    '| operation | requests | with errors |',
    '|---|---|---|',
    ...report.operations.map((o) => `| ${o.name} | ${o.count} | ${o.failed} |`),
    '',
  ];
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n+/g, ' ').slice(0, 400);
}
