// Child processes for the compatibility runs: started with their output kept (shown when they
// fail), a line of progress every so often while they work, and stopped by their own id.
import { spawn, type ChildProcess } from 'node:child_process';

export type Started = { child: ChildProcess; output: () => string };

/** Starts a child and resolves once its output matches `ready`; rejects if it exits first. */
export function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number; label: string },
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.label} was not ready in ${options.timeoutMs / 1000} s:\n${tail(output)}`));
    }, options.timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!ready && options.ready.test(output)) {
        ready = true;
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${options.label} exited with ${code}:\n${tail(output)}`));
    });
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs a command to its end, printing `label … N s` every 15 s (installs and builds take
 * minutes). Its output is kept and shown only when it fails.
 */
export function runWithProgress(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; label: string; progress?: () => string },
): Promise<{ seconds: number; output: string }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ticker = setInterval(() => {
      const extra = options.progress?.() ?? '';
      console.log(`[compat] ${options.label} … ${seconds(started)} s${extra ? ` (${extra})` : ''}`);
    }, 15_000);
    child.on('exit', (code) => {
      clearInterval(ticker);
      if (code === 0) resolve({ seconds: seconds(started), output });
      else reject(new Error(`${options.label} failed (exit ${code}):\n${tail(output)}`));
    });
  });
}

export function seconds(since: number): number {
  return Math.round((Date.now() - since) / 1000);
}

export function tail(text: string, lines = 40): string {
  return text.split('\n').slice(-lines).join('\n');
}
