import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecord, escapeFormula, parseCsv, unescapeFormula } from './csv.ts';

async function parse(...chunks: string[]): Promise<string[][]> {
  const records: string[][] = [];
  for await (const record of parseCsv(
    (async function* () {
      yield* chunks;
    })(),
  )) {
    records.push(record);
  }
  return records;
}

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and LF, CRLF or CR line ends', async () => {
    expect(await parse('a,"b,1","say ""hi""","two\r\nlines"\r\nx,y\rz,\n\n,,\n')).toEqual([
      ['a', 'b,1', 'say "hi"', 'two\r\nlines'],
      ['x', 'y'],
      ['z', ''],
    ]);
  });

  it('drops a byte-order mark and reads a record split across chunks (a CRLF too)', async () => {
    expect(await parse('\uFEFFfish', 'Type,"we', 'ight"\r', '\nBass,2')).toEqual([
      ['fishType', 'weight'],
      ['Bass', '2'],
    ]);
  });

  it('keeps a stray quote inside an unquoted field as text', async () => {
    expect(await parse('5" lure,x\n')).toEqual([['5" lure', 'x']]);
  });

  it('escapes formula-looking text and reads it back unchanged', () => {
    expect(['=1+1', '+1', '-worm', '@SUM', '\tx', '\rx', "'quoted", 'plain'].map(escapeFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-worm",
      "'@SUM",
      "'\tx",
      "'\rx",
      "''quoted",
      'plain',
    ]);
    // Someone typing an apostrophe before a word in a spreadsheet keeps it.
    expect(unescapeFormula("'tis")).toBe("'tis");
  });

  it('any text survives escaping, writing and reading', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 4 }),
        async (values) => {
          const [record] = await parse(csvRecord(['x', ...values.map(escapeFormula)]));
          expect(record?.slice(1).map(unescapeFormula)).toEqual(values);
        },
      ),
      { seed: 20_261_123, numRuns: 300 },
    );
  });
});
