// Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as a
// formula: an exported product named `=HYPERLINK("http://evil.example","Click")` becomes a link,
// `=cmd|' /C calc'!A0` a command, in the hands of whoever opens the export. OWASP's "CSV
// Injection" advice: prefix such a cell with a single quote, which spreadsheets show as text.
//
// The export must still import losslessly, so the quote is made unambiguous: a cell that really
// starts with a quote gets one more. The importer then removes exactly one leading quote from
// every cell that has one, which undoes both. A hand-written file that means a leading quote
// writes two.
//
// A plain number (-5, -2.50) is left alone: spreadsheets read it as a number, it runs nothing,
// and prices, weights and quantities stay numbers in the file. Anything more after the sign
// (-2+3, -A1) is a formula and is prefixed like the rest.

/** The ASCII formula starters and the full-width forms some spreadsheets normalise to them. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const QUOTE = "'";

/** The cell as the export writes it: never a formula, and a leading quote made unambiguous. */
export function neutraliseCell(value: string): string {
  if (value.startsWith(QUOTE)) return QUOTE + value;
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) return QUOTE + value;
  return value;
}

/** Undoes `neutraliseCell`: one leading quote, and only that, is removed. */
export function restoreCell(value: string): string {
  return value.startsWith(QUOTE) ? value.slice(1) : value;
}
