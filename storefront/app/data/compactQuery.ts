// Apollo prints a document with graphql-js's printer: one selection per line, indented by two
// spaces a level. In a GET URL each of those spaces costs three characters (%20), which took the
// product page's query past Node's 16 KB limit on a request's head (431 Request Header Fields Too
// Large) once bundle, grouped and downloadable products joined it. Collapsing every line break
// and the indentation after it into one space leaves the document the same to any parser; string
// literals are kept as they are. graphql's stripIgnoredCharacters would squeeze harder, but it
// brings graphql's lexer (about 3 KB gzip) into every page.
const STRING_OR_LAYOUT = /("(?:[^"\\\n]|\\.)*")|\n[ \t]*/g;

/** `printed` (graphql-js's print output) with its layout collapsed to single spaces. */
export function compactLayout(printed: string): string {
  return printed.replace(STRING_OR_LAYOUT, (_match, literal: string | undefined) => literal ?? ' ');
}
