import { describe, expect, it } from 'vitest';
import { TAHOE } from './support/browser.ts';
import { setupE2E } from './support/harness.ts';
import { describeImage, makeCatchPhoto } from './support/photo.ts';
import {
  browserToday,
  closeToast,
  escapeRegExp,
  expectImageLoaded,
  expectServerCatches,
  expectToast,
  expectValue,
} from './support/ui.ts';
import { currentUser, registerViaUi } from './support/users.ts';

const e2e = setupE2E();

describe('logging a catch, from sign-up to delete', () => {
  it('registers, logs a catch with GPS and a photo, browses it in History, deletes it and signs out', async (test) => {
    const { page, context, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const photo = await makeCatchPhoto(TAHOE);
    test.onTestFinished(() => photo.remove());

    // Signed out: / sends the angler to /auth.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/auth');

    // Register through the Register tab and land on the main shell with the Log tab.
    const user = await registerViaUi(page);
    await expectToast(page, 'Registration successful', `Welcome, ${user.username}!`);
    const logTab = page.getByRole('tab', { name: 'Log' });
    expect(await logTab.getAttribute('aria-selected')).toBe('true');

    // The position is fetched automatically and the place is named by reverse geocoding.
    const geocode = await page.request.get(
      `/api/reverse-geocode?lat=${TAHOE.latitude}&lon=${TAHOE.longitude}`,
    );
    expect(geocode.status()).toBe(200);
    const { locationName: placeName } = (await geocode.json()) as { locationName: string };
    expect(placeName).toMatch(/Taho/);
    expect(placeName).not.toBe('Unknown Location');

    const form = page.getByRole('form', { name: 'Log a catch' });
    await expectValue(form.getByLabel('Latitude'), '39.096800');
    await expectValue(form.getByLabel('Longitude'), '-120.032400');
    await expectValue(form.getByLabel('Location Name'), placeName);

    // Date and time default to now.
    const today = await browserToday(page);
    expect(await form.getByLabel('Catch Date').inputValue()).toBe(today.iso);
    expect(await form.getByLabel('Time of Day').inputValue()).toMatch(/^\d\d:\d\d$/);

    await form.getByLabel('Fish Type').fill('Rainbow Trout');
    await form.getByLabel('Weight (lbs)').fill('3.4');
    await form.getByLabel('Length (inches)').fill('18.5');
    await form.getByLabel('Time of Day').fill('05:30');
    await form.getByLabel('Water Temperature (°F)').fill('54.5');
    await form.getByLabel('Depth (ft)').fill('12.5');
    await form.getByLabel('Line Size').fill('6 lb fluorocarbon');
    await form.getByLabel('Bait Used').fill('  PowerBait  ');
    await form.getByLabel('Notes').fill('Cruising the drop-off near the boat ramp.');

    // A real JPEG with GPS EXIF: the preview shows it and it can be removed again (none → selected → removed).
    const photoInput = form.getByLabel('Photo');
    const preview = form.getByRole('img', { name: 'Preview of the selected catch' });
    await photoInput.setInputFiles(photo.file);
    expect(await expectImageLoaded(preview)).toEqual({ width: photo.width, height: photo.height });
    await form.getByRole('button', { name: 'Remove photo' }).click();
    await preview.waitFor({ state: 'detached' });
    await form.getByText('Add a photo of your catch (optional).').waitFor();
    await photoInput.setInputFiles(photo.file);
    await expectImageLoaded(preview);

    // Save: the catch goes into the phone's outbox ('Saving Catch...' may flash by), then 'Catch Logged!'
    // replaces the form for about 3 s while the sync engine sends it to the server.
    const success = page.getByText('Catch Logged!', { exact: true });
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await success.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    expect(await form.isVisible()).toBe(false);
    await success.waitFor({ state: 'detached', timeout: 10_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1500);
    expect(shownFor).toBeLessThan(8000);

    // The form is back: fish and conditions cleared, date and time reset to now, place and GPS kept.
    await form.waitFor({ state: 'visible' });
    const afterSave = await browserToday(page);
    expect(await form.getByLabel('Fish Type').inputValue()).toBe('');
    expect(await form.getByLabel('Weight (lbs)').inputValue()).toBe('');
    expect(await form.getByLabel('Notes').inputValue()).toBe('');
    expect(await form.getByLabel('Catch Date').inputValue()).toBe(afterSave.iso);
    const timeAfter = await form.getByLabel('Time of Day').inputValue();
    expect([today.time, afterSave.time]).toContain(timeAfter);
    expect(await form.getByLabel('Location Name').inputValue()).toBe(placeName);
    expect(await form.getByLabel('Latitude').inputValue()).toBe('39.096800');
    expect(await preview.count()).toBe(0);
    await form.getByText('Add a photo of your catch (optional).').waitFor();

    // The server holds exactly this one catch, with a re-encoded photo stripped of its EXIF (GPS included).
    const saved = await expectServerCatches(page, 1);
    const [catchRecord] = saved;
    expect(catchRecord).toMatchObject({
      fishType: 'Rainbow Trout',
      weight: 3.4,
      length: 18.5,
      locationName: placeName,
      latitude: TAHOE.latitude,
      longitude: TAHOE.longitude,
      waterTemperature: 54.5,
      depth: 12.5,
      lineSize: '6 lb fluorocarbon',
      baitUsed: 'PowerBait',
      notes: 'Cruising the drop-off near the boat ramp.',
      catchDate: today.iso,
      timeOfDay: '05:30',
    });
    const photoUrl = catchRecord?.photo ?? '';
    expect(photoUrl).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);
    const fullPhoto = await page.request.get(photoUrl);
    expect(fullPhoto.status()).toBe(200);
    expect(fullPhoto.headers()['content-type']).toBe('image/webp');
    const fullInfo = await describeImage(await fullPhoto.body());
    expect(fullInfo).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 900,
      hasExif: false,
      hasXmp: false,
    });
    const thumbPhoto = await page.request.get(`${photoUrl}?size=thumb`);
    expect(thumbPhoto.status()).toBe(200);
    const thumbInfo = await describeImage(await thumbPhoto.body());
    expect(thumbInfo.hasExif).toBe(false);
    expect(Math.max(thumbInfo.width ?? 0, thumbInfo.height ?? 0)).toBeLessThanOrEqual(400);

    // History: the card with photo thumbnail, weight badge, fish, date, place and length.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();
    const cards = page.getByRole('list', { name: 'Catches' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    const card = cards.first();
    await card.getByRole('button', { name: 'Rainbow Trout' }).waitFor();
    await card.getByText('3.4 lbs', { exact: true }).waitFor();
    await card.getByText(today.display, { exact: true }).waitFor();
    await card.getByText(placeName, { exact: true }).waitFor();
    await card.getByText('18.5 in', { exact: true }).waitFor();
    // Synced: no 'Waiting to sync' mark, and the picture is the server's thumbnail, no longer the phone's copy.
    await card.getByText('Waiting to sync').waitFor({ state: 'detached' });
    const thumb = card.getByRole('img', { name: 'Photo of Rainbow Trout' });
    await expect.poll(() => thumb.getAttribute('src'), { timeout: 10_000 }).toBe(`${photoUrl}?size=thumb`);
    await expectImageLoaded(thumb);

    // The detail dialog: conditions, 6-decimal coordinates, notes and the full photo.
    await card.getByRole('button', { name: 'Rainbow Trout' }).click();
    const detail = page.getByRole('dialog', { name: 'Rainbow Trout' });
    await detail.waitFor();
    await detail.getByRole('heading', { name: 'Fishing Details' }).waitFor();
    const details = detail.getByRole('region', { name: 'Fishing Details' });
    await details.waitFor();
    const detailLabels = (await details.locator('dt').allTextContents()).map((text) => text.trim());
    const detailValues = (await details.locator('dd').allTextContents()).map((text) => text.trim());
    // The time in the phone's locale (one clock format everywhere, decision 007; this browser is en-US).
    expect(detailValues).toEqual([
      '54.5°F',
      '12.5 ft',
      '6 lb fluorocarbon',
      'PowerBait',
      expect.stringMatching(new RegExp(`^${escapeRegExp(today.display)} at 5:30\\sAM$`)),
    ]);
    expect(detailLabels).toHaveLength(5);
    [/water temp/i, /depth/i, /line/i, /bait/i, /caught/i].forEach((label, index) => {
      expect(detailLabels[index]).toMatch(label);
    });
    await detail.getByText('3.4 lbs', { exact: true }).waitFor();
    await detail.getByText('18.5 in', { exact: true }).waitFor();
    await detail.getByText(placeName, { exact: true }).waitFor();
    await detail.getByText('39.096800, -120.032400', { exact: true }).waitFor();
    await detail.getByText('Cruising the drop-off near the boat ramp.', { exact: true }).waitFor();
    const fullImage = detail.getByRole('img', { name: 'Photo of Rainbow Trout' });
    expect(await fullImage.getAttribute('src')).toBe(photoUrl);
    expect(await expectImageLoaded(fullImage)).toEqual({ width: 1200, height: 900 });

    // 'View Map': the 'Catch Location' drawer copies the coordinates and opens a maps search in a new tab.
    await detail.getByRole('button', { name: 'View Map' }).click();
    const drawer = page.getByRole('dialog', { name: 'Catch Location' });
    await drawer.waitFor();
    await drawer.getByText('39.096800, -120.032400', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Copy Coordinates' }).click();
    await expectToast(page, 'Coordinates copied');
    // Close it as an angler would (swipe or its ×), before the drawer's next button.
    await closeToast(page);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe('39.0968, -120.0324');

    const popupPromise = context.waitForEvent('page');
    await drawer.getByRole('button', { name: 'Open in Maps' }).click();
    const popup = await popupPromise;
    await expect
      .poll(() => blockedRequests.find((url) => url.includes('39.0968,-120.0324')) ?? popup.url(), {
        timeout: 10_000,
      })
      .toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=39\.0968,-120\.0324$/);
    await popup.close();
    expect(new URL(page.url()).pathname).toBe('/');

    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await drawer.waitFor({ state: 'detached' });
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await detail.waitFor({ state: 'detached' });

    // Delete through the card's menu and the confirm dialog.
    await card.getByRole('button', { name: 'Catch options' }).click();
    await page.getByRole('menuitem', { name: 'Delete Catch' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Catch deleted', 'Your catch has been removed from your log');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No catches found', { exact: true }).waitFor();
    await page.getByText('Start logging your catches to see them here', { exact: true }).waitFor();
    // Closed before the server is asked: the delete reaches it once the toast's Undo window is over
    // (docs/decisions/024-undo-delete.md), and the toast is gone by then.
    await closeToast(page);
    await expectServerCatches(page, 0);

    // Sign out through the user menu: back on /auth, and / sends there again.
    await page.getByRole('button', { name: user.username }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectToast(page, 'Logged out', 'You have been logged out successfully.');
    expect(await currentUser(page)).toBeNull();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('tab', { name: 'Login' }).waitFor();

    // No other host was ever contacted except the maps search the angler asked for (and which was blocked).
    expect(blockedRequests.filter((url) => !url.startsWith('https://www.google.com/maps/'))).toEqual([]);
    expectNoConsoleErrors();
  });
});
