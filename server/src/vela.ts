// `npm run vela -- <command> …`: the shop's command line. It reads the same settings as the
// server (VAR_DIR, SQLITE_PATH, DATABASE_URL), so it works on the database the server uses,
// also while the server runs.
import { ConfigError, readConfig } from './config';
import { COMMANDS, usage } from './cli/commands';

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(usage());
    return name && name !== '--help' ? 2 : name ? 0 : 2;
  }
  const config = readConfig();
  return command.run(args, config);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
