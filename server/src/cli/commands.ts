import type { ServerConfig } from '../config';
import { adminCreateCommand } from './adminCreate';
import { catalogExportCommand } from './catalogExport';
import { catalogImportCommand } from './catalogImport';

export interface CliCommand {
  /** One line: arguments and what the command does. */
  summary: string;
  /** Resolves with the process exit code. */
  run(args: string[], config: ServerConfig): Promise<number>;
}

export const COMMANDS: Record<string, CliCommand> = {
  'admin:create': adminCreateCommand,
  'catalog:import': catalogImportCommand,
  'catalog:export': catalogExportCommand,
};

export function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name} ${command.summary}`);
  return ['usage: npm run vela -- <command>', '', 'commands:', ...lines].join('\n');
}
