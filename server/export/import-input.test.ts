// Loose input in an imported file (CSV cells and JSON strings): only decimal numbers, plausible catch dates and a
// bounded createdAt, each refused row named with its row number and what is wrong with it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';

describe.each(TEST_ENGINES)('import of loose input on %s', (engine) => {
  let t: TestApp;
  let alice: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(engine);
    alice = await ApiClient.register(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  const list = async () => (await alice.get('/api/catches')).json() as Catch[];

  it('refuses CSV numbers that are not decimal and catch dates outside 1900-2099, and imports the rest', async () => {
    const csv =
      'fishType,weight,length,catchDate,createdAt\r\n' +
      'Hex,0x10,,,\r\n' +
      'Exponent,,1e2,,\r\n' +
      'Endless,Infinity,,,\r\n' +
      'Blank,   ,,,\r\n' +
      'Year zero,,,0000-01-01,\r\n' +
      'Far future,,,9999-12-31,\r\n' +
      `Long clock,,,,${'2026-01-01T00:00:00Z'.padEnd(65, ' x')}\r\n` +
      'Good,12.5,-0,1900-01-01,\r\n';
    const response = await alice.importFile(csv, 'loose.csv');
    expect(response.statusCode).toBe(200);
    const dates = 'Catch date must be between 1900-01-01 and 2099-12-31';
    expect(response.json()).toEqual({
      created: 1,
      skipped: 0,
      rejectedCount: 7,
      rejected: [
        { row: 2, message: 'Weight must be a number' },
        { row: 3, message: 'Length must be a number' },
        { row: 4, message: 'Weight must be a number' },
        { row: 5, message: 'Weight must be a number' },
        { row: 6, message: dates },
        { row: 7, message: dates },
        { row: 8, message: 'createdAt must be at most 64 characters' },
      ],
    });
    expect(await list()).toMatchObject([
      { fishType: 'Good', weight: 12.5, length: 0, catchDate: '1900-01-01' },
    ]);
  });

  it('refuses a JSON row whose createdAt is a megabyte instead of hashing it into the content id', async () => {
    const document = {
      format: 'tightlines-export',
      version: 1,
      catches: [
        { fishType: 'Bass', weight: '0x10' },
        { fishType: 'Pike', createdAt: 'x'.repeat(1024 * 1024) },
        { fishType: 'Perch', weight: '2.25', createdAt: '2026-05-01T06:00:00.000Z' },
      ],
    };
    const response = await alice.importFile(JSON.stringify(document), 'log.json');
    expect(response.json()).toEqual({
      created: 1,
      skipped: 0,
      rejectedCount: 2,
      rejected: [
        { row: 1, message: 'Weight must be a number' },
        { row: 2, message: 'createdAt must be at most 64 characters' },
      ],
    });
    expect(await list()).toMatchObject([
      { fishType: 'Perch', weight: 2.25, createdAt: '2026-05-01T06:00:00.000Z' },
    ]);
  });
});
