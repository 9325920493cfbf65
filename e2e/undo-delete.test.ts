import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catch } from '#core/catch.ts';
import { outboxEntries, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { makeCatchPhoto, type TestPhoto } from './support/photo.ts';
import { expectImageLoaded, expectServerCatches, expectToast, fetchCatches } from './support/ui.ts';
import { registerViaApi } from './support/users.ts';

/**
 * Undo after deleting a catch (docs/decisions/024-undo-delete.md): the delete waits in the outbox for a few
 * seconds, the toast offers 'Undo', and undoing brings the very same catch back (id, photo, fields), online or
 * offline; a delete nobody undoes still reaches the server, even when the page is left at once.
 */
const e2e = setupE2E();
let photo: TestPhoto;

beforeAll(async () => {
  photo = await makeCatchPhoto({ latitude: 46.5, longitude: -94.3 });
});
afterAll(async () => {
  await photo?.remove();
});

const card = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Catches' }).getByRole('listitem').filter({ hasText: text });

/** A catch with a photo and several fields, saved on the server. */
async function seedCatch(page: Page): Promise<Catch> {
  const upload = await page.request.post('/api/upload', {
    multipart: { photo: { name: 'pike.jpg', mimeType: 'image/jpeg', buffer: photo.bytes } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const response = await page.request.post('/api/catches', {
    data: {
      fishType: 'Northern Pike',
      weight: 9.5,
      length: 31,
      locationName: 'Leech Lake',
      baitUsed: 'Spoon',
      notes: 'Hit at the weed edge',
      photo: url,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Catch;
}

async function deleteThroughMenu(page: Page, text: string): Promise<void> {
  await card(page, text).getByRole('button', { name: 'Catch options' }).click();
  await page.getByRole('menuitem', { name: 'Delete Catch' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
}

async function openHistory(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
}

describe('undo after deleting a catch', () => {
  it("hides the card at once, and 'Undo' brings the same catch back: id, photo and fields", async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const saved = await seedCatch(page);
    await openHistory(page);
    await card(page, 'Northern Pike').waitFor();

    await deleteThroughMenu(page, 'Northern Pike');
    const toast = await expectToast(page, 'Catch deleted', 'Your catch has been removed from your log');
    await card(page, 'Northern Pike').waitFor({ state: 'detached' });
    await toast.getByRole('button', { name: 'Undo' }).click();

    await expectToast(page, 'Catch restored', 'Your catch is back in your log.');
    await card(page, 'Northern Pike').waitFor();
    // Nothing is left to send: the delete can no longer happen.
    await expect.poll(() => outboxEntries(page)).toEqual([]);
    const [onServer, ...others] = await fetchCatches(page);
    expect(others).toEqual([]);
    expect(onServer).toEqual(saved);
    const full = await page.request.get(saved.photo ?? '');
    expect(full.status()).toBe(200);
    expectNoConsoleErrors();
  });

  it('undoes offline too, and the catch is still on the server once back online', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    const saved = await seedCatch(page);
    await openHistory(page);
    await waitForWorkerControl(page);
    await card(page, 'Northern Pike').waitFor();
    // The thumbnail is on the phone before the signal goes: the restored card shows it from there.
    await expectImageLoaded(card(page, 'Northern Pike').locator('img').first());

    await context.setOffline(true);
    await page.getByText("You're offline", { exact: true }).waitFor();
    await deleteThroughMenu(page, 'Northern Pike');
    const toast = await expectToast(page, 'Catch deleted', 'Your catch has been removed from your log');
    await card(page, 'Northern Pike').waitFor({ state: 'detached' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Catch restored', 'Your catch is back in your log.');
    await card(page, 'Northern Pike').waitFor();
    expect(await outboxEntries(page)).toEqual([]);

    await context.setOffline(false);
    await page.getByText("You're offline", { exact: true }).waitFor({ state: 'detached' });
    expect(await fetchCatches(page)).toEqual([saved]);
    expectNoConsoleErrors();
  });

  it('a delete not undone reaches the server, even when the angler leaves the page at once', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await registerViaApi(page);
    await seedCatch(page);
    await openHistory(page);
    await card(page, 'Northern Pike').waitFor();

    await deleteThroughMenu(page, 'Northern Pike');
    await expectToast(page, 'Catch deleted', 'Your catch has been removed from your log');
    // Gone from the screen at once; the delete is already kept on the phone, so reloading loses nothing.
    await openHistory(page);
    await page.getByText('No catches found', { exact: true }).waitFor();
    await expectServerCatches(page, 0);
    await expect.poll(() => outboxEntries(page)).toEqual([]);
    expectNoConsoleErrors();
  });
});
