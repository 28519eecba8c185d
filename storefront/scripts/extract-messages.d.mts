export const storefrontDir: string;
export const catalogueFile: string;
export const sourceDirs: string[];
export function extractFromSource(source: string): [id: string, defaultMessage: string][];
export function extractCatalogue(dirs?: string[]): {
  catalogue: Record<string, string>;
  conflicts: { id: string; messages: Record<string, string[]> }[];
};
export function formatCatalogue(catalogue: Record<string, string>): string;
