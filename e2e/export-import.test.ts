import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { makeCatchPhoto } from './support/photo.ts';
import { expectServerCatches, expectToast, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Profile → Export and import (docs/product.md#your-data): one angler exports the log as a ZIP with the photos (and as CSV), another
 * account imports the ZIP, sees the summary and the catches in History with their photo, and a second import of the
 * same file creates nothing.
 */
const e2e = setupE2E();

/** Clicks an export button and returns the downloaded file's name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

describe('export and import', () => {
  it('exports a log as ZIP and CSV, and imports the ZIP into a second account exactly once', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const photo = await makeCatchPhoto({ latitude: 39.1, longitude: -120 }, 640, 480);
    try {
      const upload = await page.request.post('/api/upload', {
        multipart: { photo: { name: 'trout.jpg', mimeType: 'image/jpeg', buffer: photo.bytes } },
      });
      expect(upload.status()).toBe(201);
      const { url } = (await upload.json()) as { url: string };
      for (const body of [
        {
          fishType: 'Rainbow Trout',
          weight: 3.5,
          notes: '=not a formula',
          photo: url,
          catchDate: '2026-05-01',
        },
        { fishType: 'Smallmouth Bass', length: 15, locationName: 'Lake Tahoe, US', catchDate: '2026-05-02' },
      ]) {
        expect((await page.request.post('/api/catches', { data: body })).status()).toBe(201);
      }
    } finally {
      await photo.remove();
    }

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Export and import' }).waitFor();
    await expectNoAxeViolations(page);
    const zip = await download(page, 'Export ZIP with photos');
    expect(zip.name).toMatch(/^tightlines-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
    const csv = await download(page, 'Export CSV');
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.bytes.toString()).toContain("'=not a formula");

    // A second account, which has seen its empty History already.
    await page.request.post('/api/logout');
    await context.clearCookies();
    await registerViaApi(page);
    await page.goto('/');
    await page.getByRole('tab', { name: 'History' }).click();
    await page
      .getByText(/no catches/i)
      .first()
      .waitFor();
    await page.goto('/profile');
    await page.getByLabel('File to import').setInputFiles({
      name: zip.name,
      mimeType: 'application/zip',
      buffer: zip.bytes,
    });
    const summary = page.getByTestId('import-summary');
    await summary.getByText('2 catches imported, 0 already in your log, 0 rows rejected').waitFor();
    const imported = await expectServerCatches(page, 2);
    expect(imported.map((item) => item.fishType).sort()).toEqual(['Rainbow Trout', 'Smallmouth Bass']);
    const trout = imported.find((item) => item.fishType === 'Rainbow Trout');
    expect(trout?.notes).toBe('=not a formula');
    expect(trout?.photo).toMatch(/^\/api\/photos\/.+\.webp$/);

    // The same file again: nothing doubled.
    await page.getByLabel('File to import').setInputFiles({
      name: zip.name,
      mimeType: 'application/zip',
      buffer: zip.bytes,
    });
    await summary.getByText('0 catches imported, 2 already in your log, 0 rows rejected').waitFor();
    expect(await fetchCatches(page)).toHaveLength(2);

    // History shows the imported catches without a reload.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    const list = page.getByRole('list', { name: 'Catches' });
    await list.getByRole('button', { name: 'Rainbow Trout' }).waitFor();
    await list.getByRole('button', { name: 'Smallmouth Bass' }).waitFor();
    expectNoConsoleErrors();
  });
  it('shows a file with rejected rows: the summary is announced, its list scrolls by keyboard and is axe clean', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Export and import' }).waitFor();
    const rows = ['fishType,weight', 'Good Bass,3', ',2', 'Bad Weight,heavy'];
    for (let i = 0; i < 300; i++) rows.push(`Too Heavy ${i},99999`);
    await page.getByLabel('File to import').setInputFiles({
      name: 'edited.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${rows.join('\r\n')}\r\n`),
    });
    // In a live region: a screen reader hears how the import went, which may be long after the file was chosen.
    const status = page.getByRole('status').filter({ has: page.getByTestId('import-summary') });
    await status.getByText('1 catch imported, 0 already in your log, 302 rows rejected').waitFor();
    const rejected = status.getByRole('list', { name: 'Rejected rows' });
    await rejected.getByText('Row 3: Fish type required').waitFor();
    // 302 rows, the first 100 listed by the server and counted in all: a full log refuses 50,000 rows at once,
    // which is no list to send or render.
    expect(await rejected.getByRole('listitem').count()).toBe(101);
    await rejected.getByText('…and 202 more rows rejected').waitFor();
    await rejected.focus();
    await page.keyboard.press('End');
    await expect.poll(() => rejected.evaluate((list) => list.scrollTop)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'main');
    expectNoConsoleErrors();
  });

  it('offline, export and import fail at once with a message instead of a spinner that never ends', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Export and import' }).waitFor();
    // The app is installed (its worker holds every chunk, the toasts' too) when the signal goes.
    await waitForWorkerControl(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expectToast(
      page,
      'Export failed',
      'This needs a connection. Please try again when you are online.',
    );
    await expect.poll(() => page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);
    await page.getByLabel('File to import').setInputFiles({
      name: 'log.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('fishType\r\nPerch\r\n'),
    });
    await expectToast(
      page,
      'Import failed',
      'This needs a connection. Please try again when you are online.',
    );
    await page.getByRole('button', { name: 'Import JSON, CSV or ZIP' }).waitFor();
    await context.setOffline(false);
    expectNoConsoleErrors([
      { status: 'network', path: '/api/export' },
      { status: 'network', path: '/api/import' },
    ]);
  });
});
