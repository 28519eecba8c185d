// What a server process has cost so far, read from Linux's /proc.
import { readFileSync } from 'node:fs';

/** CPU time a process has used so far, in ms (utime + stime from /proc, in clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident memory now (VmRSS), MiB. */
export function rssMibOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Busy time of one CPU core so far, in ms (/proc/stat: all but idle and iowait, in ticks of 10 ms). */
export function coreBusyMsOf(core: number): number {
  const line = readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`cpu${core} `));
  if (!line) throw new Error(`no cpu${core} in /proc/stat`);
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return (total - ticks[3]! - ticks[4]!) * 10;
}
