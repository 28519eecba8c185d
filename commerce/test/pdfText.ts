import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// A PDF's text read back as a reader would copy it: every page's lines, top to bottom, the pieces
// of a line (table cells) joined by a space. pdfjs maps the embedded font's glyphs back to
// characters through the ToUnicode table the PDF carries: a missing or wrong table fails here.

export async function pdfLines(data: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const rows = new Map<number, Array<{ x: number; text: string }>>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4] as number, text: item.str });
      rows.set(y, row);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      lines.push(
        rows
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((piece) => piece.text)
          .join(' '),
      );
    }
  }
  await pdf.destroy();
  return lines;
}
