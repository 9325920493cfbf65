/**
 * CSV as spreadsheets write and read it (RFC 4180): fields with a comma, a quote or a line break are quoted, quotes
 * doubled, records end in CRLF. Text that a spreadsheet would run as a formula (it starts with = + - @, a tab or a
 * carriage return) is written with a leading apostrophe, and the apostrophe is taken off again on import.
 */

/** A text starting with one of these is a formula to a spreadsheet (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cell text for a text field: an apostrophe before formula-looking text, and before text that starts with an
 * apostrophe itself, so that unescapeFormula can always tell the two apart.
 */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) || text.startsWith("'") ? `'${text}` : text;
}

/** Inverse of escapeFormula; a lone leading apostrophe typed by someone (before a letter) is kept. */
export function unescapeFormula(text: string): string {
  return text.startsWith("'") && (FORMULA_START.test(text.slice(1)) || text.startsWith("''"))
    ? text.slice(1)
    : text;
}

/** One field, quoted when it has to be. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV record with its CRLF. */
export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A record longer than the reader's limit: no catch is that long (an unclosed quote, or not a CSV at all). */
export class CsvRecordTooLongError extends Error {
  constructor(maxChars: number) {
    super(`A row is longer than ${maxChars.toLocaleString('en-US')} characters`);
    this.name = 'CsvRecordTooLongError';
  }
}

/**
 * Reads CSV records from text chunks: quoted fields may hold commas, quotes ("") and line breaks; records end in
 * LF, CRLF or CR; a byte-order mark at the start is dropped. Yields each record as its fields, and skips blank lines
 * and rows of empty cells (or yields them as `[]` with `keepBlankRecords`). Memory: one record at a time.
 */
export async function* parseCsv(
  chunks: AsyncIterable<string>,
  maxRecordChars = Number.POSITIVE_INFINITY,
  /** Yield a blank record as `[]` instead of skipping it (so a reader can count rows as a spreadsheet does). */
  keepBlankRecords = false,
): AsyncGenerator<string[]> {
  let field = '';
  /** Characters of the record being read, so a file with no line ends (or an unclosed quote) cannot grow it forever. */
  let recordChars = 0;
  let record: string[] = [];
  let inQuotes = false;
  /** After a closing quote: the next quote means a doubled quote inside the field. */
  let quoteJustClosed = false;
  let fieldWasQuoted = false;
  let afterCr = false;
  let first = true;
  const endRecord = (): string[] | null => {
    record.push(field);
    const done = record;
    field = '';
    record = [];
    recordChars = 0;
    fieldWasQuoted = false;
    // A blank line, or a row of empty cells (a spreadsheet's trailing rows), is no record.
    if (done.every((value) => value === '')) return keepBlankRecords ? [] : null;
    return done;
  };
  for await (let chunk of chunks) {
    if (first) {
      if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      if (chunk !== '') first = false;
    }
    for (const ch of chunk) {
      recordChars += 1;
      if (recordChars > maxRecordChars) throw new CsvRecordTooLongError(maxRecordChars);
      if (afterCr) {
        afterCr = false;
        if (ch === '\n') continue;
      }
      if (inQuotes) {
        if (ch === '"') {
          inQuotes = false;
          quoteJustClosed = true;
        } else {
          field += ch;
        }
        continue;
      }
      if (ch === '"') {
        if (quoteJustClosed || (field === '' && !fieldWasQuoted)) {
          // A doubled quote inside a quoted field, or the opening quote of one.
          if (quoteJustClosed) field += '"';
          fieldWasQuoted = true;
          inQuotes = true;
        } else {
          field += '"'; // a stray quote inside an unquoted field is kept as text, as spreadsheets do
        }
        quoteJustClosed = false;
        continue;
      }
      quoteJustClosed = false;
      if (ch === ',') {
        record.push(field);
        field = '';
        fieldWasQuoted = false;
      } else if (ch === '\n' || ch === '\r') {
        afterCr = ch === '\r';
        const done = endRecord();
        if (done) yield done;
      } else {
        field += ch;
      }
    }
  }
  if (field !== '' || record.length > 0) {
    const done = endRecord();
    if (done) yield done;
  }
}
