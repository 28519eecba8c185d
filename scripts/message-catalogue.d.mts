export function extractFromSource(source: string): [id: string, defaultMessage: string][];
export function extractCatalogue(dirs: string[]): {
  catalogue: Record<string, string>;
  conflicts: { id: string; messages: Record<string, string[]> }[];
};
export function formatCatalogue(catalogue: Record<string, string>): string;
export function runExtraction(options: { catalogueFile: string; sourceDirs: string[]; command: string }): void;
