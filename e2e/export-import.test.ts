import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { setupE2E } from './support/harness.ts';
import { makeCatchPhoto } from './support/photo.ts';
import { expectServerCatches, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Profile → Export and import (issue 11): one angler exports the log as a ZIP with the photos (and as CSV), another
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
});
