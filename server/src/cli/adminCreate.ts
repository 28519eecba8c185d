import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { openShopMaintenance } from '@vela/commerce';
import type { CliCommand } from './commands';
import { signInAddress } from './firstAccountHint';

// `admin:create EMAIL [--name NAME] [--role owner|staff|viewer] [--password-stdin]`
// The password never goes on the command line (shell history, the process list): it is typed at
// a hidden prompt, or read from the first line of standard input for scripts.

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function readFirstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      prompt.question(question, (answer) => resolve(answer));
      muted = true;
    });
  } finally {
    prompt.close();
    process.stdout.write('\n');
  }
}

async function readPassword(args: string[]): Promise<string | null> {
  if (args.includes('--password-stdin')) return readFirstLine(process.stdin);
  if (!process.stdin.isTTY) {
    console.error('No terminal to type the password in: pipe it with --password-stdin.');
    return null;
  }
  const first = await askHidden('Password (at least 12 characters): ');
  const second = await askHidden('The same password again: ');
  if (first !== second) {
    console.error('The two passwords differ; nothing was created.');
    return null;
  }
  return first;
}

export const adminCreateCommand: CliCommand = {
  summary: 'EMAIL [--name NAME] [--role owner|staff|viewer] [--password-stdin]   a back-office account',
  async run(args, config) {
    const email = args.find((a, i) => !a.startsWith('--') && !['--name', '--role'].includes(args[i - 1] ?? ''));
    if (!email) {
      console.error(`usage: npm run vela -- admin:create ${adminCreateCommand.summary}`);
      return 2;
    }
    const password = await readPassword(args);
    if (password === null) return 2;
    const shop = await openShopMaintenance({
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      log: (line) => console.log(line),
    });
    try {
      const staff = await shop.createStaff({
        email,
        name: option(args, 'name') ?? email.split('@')[0] ?? email,
        role: option(args, 'role') ?? 'owner',
        password,
      });
      console.log(
        `Created ${staff.role} ${staff.email}. Sign in at ${signInAddress(process.env, config.publicUrl)}${staff.role === 'owner' ? ' and add an authenticator app when asked' : ''}.`,
      );
      return 0;
    } catch (error) {
      console.error(`Not created: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    } finally {
      await shop.close();
    }
  },
};
