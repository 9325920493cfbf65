import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { outboxEntries, waitForWorkerControl } from './support/device-storage.ts';
import { setupE2E } from './support/harness.ts';
import { expectServerCatches, expectToast } from './support/ui.ts';
import { currentUser, registerViaApi, TEST_PASSWORD } from './support/users.ts';

/**
 * Account self-service in the app (docs/product.md#account): Profile's Change password, Sign out everywhere and Delete account,
 * and the warnings that name this phone's unsent catches first. On the harness's 390 px phone.
 */
const e2e = setupE2E();

const SESSION_COOKIE = 'tightlines_session';
const NEW_PASSWORD = 'Brand-New-Cast-975';

/** A second device of the same angler: its own session, as a Cookie header value. */
async function otherDevice(username: string, password = TEST_PASSWORD): Promise<string> {
  const response = await fetch(`${e2e.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

async function userStatusWith(cookie: string): Promise<number> {
  return (await fetch(`${e2e.baseUrl}/api/user`, { headers: { cookie } })).status;
}

async function pageSession(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
}

describe('Profile → Account', () => {
  it('changes the password: inline errors, a toast, other devices signed out, then signs in with the new one', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    const laptop = await otherDevice(user.username);
    await openProfile(page);
    await expectNoAxeViolations(page, 'main');
    // Nothing wider than the 390 px phone.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    const form = page.getByRole('form', { name: 'Change password' });
    const current = form.getByLabel('Current password', { exact: true });
    const fresh = form.getByLabel('New password', { exact: true });
    const confirm = form.getByLabel('Confirm new password', { exact: true });
    const submit = form.getByRole('button', { name: 'Change password' });

    // Checked here first, with the registration's messages.
    await current.fill(TEST_PASSWORD);
    await fresh.fill('short');
    await confirm.fill('shorter');
    await submit.click();
    await form.getByText('Password must be at least 6 characters', { exact: true }).waitFor();
    await form.getByText('Passwords do not match', { exact: true }).waitFor();

    // The server's answer to a wrong current password, under its field.
    await current.fill('not-my-password');
    await fresh.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    const wrong = form.getByText('Current password is incorrect', { exact: true });
    await wrong.waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    expect(await current.getAttribute('aria-describedby')).toBe(await wrong.getAttribute('id'));
    expect(await userStatusWith(laptop)).toBe(200);

    await current.fill(TEST_PASSWORD);
    await submit.click();
    await expectToast(page, 'Password changed', 'Every other device has been signed out.');
    expect(await current.inputValue()).toBe('');
    // This phone stays signed in (its session was rotated); the laptop is out.
    expect((await currentUser(page))?.username).toBe(user.username);
    expect(await userStatusWith(laptop)).toBe(401);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login failed', 'Invalid username or password');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await currentUser(page))?.username).toBe(user.username);
    expectNoConsoleErrors([
      { status: 400, path: '/api/account/password' },
      { status: 401, path: '/api/login' },
    ]);
  });

  it('signs out everywhere: this phone goes to /auth and every session of the account is dead', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    const laptop = await otherDevice(user.username);
    const phone = await pageSession(context);
    await openProfile(page);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectToast(page, 'Signed out everywhere', 'Every device has been signed out.');
    expect(await currentUser(page)).toBeNull();
    expect(await userStatusWith(phone)).toBe(401);
    expect(await userStatusWith(laptop)).toBe(401);
    expectNoConsoleErrors();
  });

  it('deletes the account: unsent catches named first, the username typed, ends on /auth, the old session dead', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    const saved = await page.request.post('/api/catches', { data: { fishType: 'Saved Walleye' } });
    expect(saved.status()).toBe(201);
    const session = await pageSession(context);
    await page.goto('/');
    await page.getByRole('form', { name: 'Log a catch' }).waitFor();
    await waitForWorkerControl(page);

    // A catch logged with no signal waits in the outbox.
    await context.setOffline(true);
    const form = page.getByRole('form', { name: 'Log a catch' });
    await form.getByLabel('Fish Type').fill('Unsent Muskie');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();
    expect(await outboxEntries(page)).toMatchObject([{ kind: 'create', userId: user.id }]);

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete account' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog
      .getByRole('list', { name: 'Unsent catches' })
      .getByText(/^Unsent Muskie, /)
      .waitFor();
    await dialog.getByText('1 catch on this phone has not been sent yet and will be lost too:').waitFor();
    await expectNoAxeViolations(page, '[role="dialog"]');
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Back online the catch is sent; the dialog then has nothing unsent to name.
    await context.setOffline(false);
    await expectServerCatches(page, 2);
    await expect.poll(() => outboxEntries(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete account' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('list', { name: 'Unsent catches' }).count()).toBe(0);

    const submit = dialog.getByRole('button', { name: 'Delete account' });
    const typedName = dialog.getByLabel(`Type your username (${user.username}) to confirm`);
    expect(await submit.isDisabled()).toBe(true);
    await typedName.fill(`${user.username}x`);
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    expect(await submit.isDisabled()).toBe(true);
    await typedName.fill(user.username);
    expect(await submit.isDisabled()).toBe(false);
    // A wrong password deletes nothing and says so under the field.
    await submit.click();
    await dialog.getByText('Password is incorrect', { exact: true }).waitFor();
    expect(await userStatusWith(session)).toBe(200);

    await dialog.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectToast(page, 'Account deleted', 'Your account and everything in it have been deleted.');
    expect(await currentUser(page)).toBeNull();
    expect(await userStatusWith(session)).toBe(401);
    expect(await outboxEntries(page)).toEqual([]);

    // The name is free again, for an account that starts empty.
    const again = await registerViaApi(page, user.username);
    expect(again.id).not.toBe(user.id);
    expect(await (await page.request.get('/api/catches')).json()).toEqual([]);
    expectNoConsoleErrors([{ status: 400, path: '/api/account' }]);
  });
});

describe('Logout with unsent catches', () => {
  it('from Profile names them first; staying keeps the session, leaving keeps them on the phone', async (test) => {
    const { page, context, expectNoConsoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    await page.goto('/');
    await page.getByRole('form', { name: 'Log a catch' }).waitFor();
    await waitForWorkerControl(page);
    await context.setOffline(true);
    const form = page.getByRole('form', { name: 'Log a catch' });
    await form.getByLabel('Fish Type').fill('Waiting Crappie');
    await form.getByRole('button', { name: 'Log Catch' }).click();
    await page.getByText('Catch Logged!', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Profile' }).click();
    // The account actions need the server: offline they say so, and nothing changes.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const signOutDialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await signOutDialog
      .getByRole('list', { name: 'Unsent catches' })
      .getByText(/^Waiting Crappie, /)
      .waitFor();
    await signOutDialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectToast(
      page,
      'Not signed out',
      'This needs a connection. Please try again when you are online.',
    );
    await signOutDialog.getByRole('button', { name: 'Cancel' }).click();
    await signOutDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Logout' }).click();
    const warning = page.getByRole('dialog', { name: 'Log out with unsent catches?' });
    await warning
      .getByRole('list', { name: 'Unsent catches' })
      .getByText(/^Waiting Crappie, /)
      .waitFor();
    await warning
      .getByText(
        `1 catch on this phone has not reached the server yet. It stays on this phone and is sent when you log in again as ${user.username}.`,
      )
      .waitFor();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await warning.getByRole('button', { name: 'Stay logged in' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile');

    await page.getByRole('button', { name: 'Logout' }).click();
    await warning.getByRole('button', { name: 'Log out anyway' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await outboxEntries(page)).toMatchObject([{ kind: 'create', userId: user.id }]);
    expectNoConsoleErrors([{ status: 'network', path: '/api/logout-all' }]);
  });
  it('gives focus back to the button that opened a dialog, and to the field the server refused', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    await openProfile(page);
    const focused = () => page.evaluate<string | null>('document.activeElement?.textContent?.trim() ?? null');
    // Opened without a Radix trigger, the dialogs left focus on <body>: a keyboard or screen reader user was thrown
    // back to the top of the page.
    for (const [button, dialogName, close] of [
      ['Sign out everywhere', 'Sign out everywhere?', 'Cancel'],
      ['Sign out everywhere', 'Sign out everywhere?', 'Escape'],
      ['Delete account', 'Delete your account?', 'Cancel'],
      ['Delete account', 'Delete your account?', 'Escape'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.waitFor();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: close }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(focused, { message: `${button}, closed by ${close}` }).toBe(button);
    }

    // A wrong password answered by the server: the field to correct has the focus (the submit button, disabled while
    // sending, had dropped it to <body>).
    const focusedId = () => page.evaluate<string | null>('document.activeElement?.id ?? null');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill('not-my-password-1');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Current password is incorrect', { exact: true }).waitFor();
    await expect.poll(focusedId).toBe('current-password');

    await page.getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/^Type your username/).fill(user.username);
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password-2');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('Password is incorrect', { exact: true }).waitFor();
    await expect.poll(focusedId).toBe('delete-password');
    expectNoConsoleErrors([
      { status: 400, path: '/api/account/password' },
      { status: 400, path: '/api/account' },
    ]);
  });
});
