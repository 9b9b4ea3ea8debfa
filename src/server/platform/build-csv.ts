export type CsvCell = string | number | null | undefined;

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection, OWASP): such
// text cells get a leading apostrophe, which spreadsheets show as plain text.
const FORMULA_START = /^[=+\-@\t\r]/;
// A negative amount (-12.50) is a number to every spreadsheet, not a formula, and the accounting imports read
// its sign: it goes as it is.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function csvCell(cell: CsvCell): string {
  if (cell == null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
  // RFC 4180: quote a field holding a comma, a quote or a line break; double the quotes inside.
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// A CSV document (RFC 4180: CRLF line ends) that opens in spreadsheets with its accents intact: the
// byte order mark tells Excel it is UTF-8.
export function buildCsv(rows: CsvCell[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
