export const backofficeDir: string;
export const catalogueFile: string;
export const sourceDirs: string[];
export function extractCatalogue(): {
  catalogue: Record<string, string>;
  conflicts: { id: string; messages: Record<string, string[]> }[];
};
export function formatCatalogue(catalogue: Record<string, string>): string;
