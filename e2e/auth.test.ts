import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupE2E } from './support/harness.ts';
import { closeToast, expectToast } from './support/ui.ts';
import { currentUser, registerViaApi, TEST_PASSWORD, uniqueUsername } from './support/users.ts';

const e2e = setupE2E();

/** Every request the page makes to an auth endpoint, as 'METHOD /path'. */
function recordAuthRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/login' || pathname === '/api/register')
      seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function fillRegister(page: Page, username: string, password: string, confirm: string): Promise<void> {
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirm);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

/** Creates an account through the API and signs out again, leaving the page's cookie jar empty. */
async function existingAccount(page: Page): Promise<string> {
  const { username } = await registerViaApi(page);
  const logout = await page.request.post('/api/logout');
  expect(logout.status()).toBe(204);
  expect(await currentUser(page)).toBeNull();
  return username;
}

describe('/auth', () => {
  it('validates the login and register forms on the client before sending anything', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const sent = recordAuthRequests(page);
    await page.goto('/auth');

    // Login tab is the default.
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    await fillLogin(page, 'ab', '123');
    await page.getByText('Username must be at least 3 characters', { exact: true }).waitFor();
    await page.getByText('Password must be at least 6 characters', { exact: true }).waitFor();
    expect(await page.getByLabel('Username', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await fillRegister(page, uniqueUsername(), TEST_PASSWORD, `${TEST_PASSWORD}x`);
    const mismatch = page.getByText('Passwords do not match', { exact: true });
    await mismatch.waitFor();
    // The message belongs to the Confirm Password field.
    const confirm = page.getByLabel('Confirm Password', { exact: true });
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await confirm.getAttribute('aria-describedby')).toBe(await mismatch.getAttribute('id'));
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBeNull();

    await fillRegister(page, 'ab', '123', '123');
    await page.getByText('Username must be at least 3 characters', { exact: true }).waitFor();
    expect(await page.getByText('Password must be at least 6 characters', { exact: true }).count()).toBe(2);

    expect(sent).toEqual([]);
    expect(page.url()).toBe(`${e2e.baseUrl}/auth`);
    expectNoConsoleErrors();
  });

  it('reports a wrong login and a taken username, then logs in and keeps a signed-in user away from /auth', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const username = await existingAccount(page);
    await page.goto('/auth');

    await fillLogin(page, username, 'not-the-password');
    await expectToast(page, 'Login failed', 'Invalid username or password');
    expect(page.url()).toBe(`${e2e.baseUrl}/auth`);
    expect(await currentUser(page)).toBeNull();
    await closeToast(page);

    // The same name, in other capitals, is taken too.
    await fillRegister(page, username.toUpperCase(), TEST_PASSWORD, TEST_PASSWORD);
    await expectToast(page, 'Registration failed');
    expect(page.url()).toBe(`${e2e.baseUrl}/auth`);
    expect(await currentUser(page)).toBeNull();
    await closeToast(page);

    await page.getByRole('tab', { name: 'Login' }).click();
    await fillLogin(page, username, TEST_PASSWORD);
    await expectToast(page, 'Login successful', `Welcome back, ${username}!`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: username }).waitFor();
    expect((await currentUser(page))?.username).toBe(username);

    // Signed in, /auth sends the angler home, also after a full reload.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('tab', { name: 'Log' }).waitFor();
    expectNoConsoleErrors([
      { status: 401, path: '/api/login' },
      { status: 409, path: '/api/register' },
    ]);
  });

  it('keeps the session across a reload, asking who is signed in once, with the page', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const { username } = await registerViaApi(page);
    // The page's answer names GET /api/user as a preload (server/http/route-preloads.ts): the browser asks with the
    // page's scripts, and the app's own request takes that answer instead of asking again.
    const userRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') userRequests.push(request.resourceType());
    });
    const unusedPreloads: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('preloaded using link preload but not used'))
        unusedPreloads.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('button', { name: username }).waitFor();
    expect(userRequests).toEqual(['other']);
    await page.reload();
    await page.getByRole('button', { name: username }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(unusedPreloads).toEqual([]);
    expectNoConsoleErrors();
  });
});

describe('/profile', () => {
  it('shows the account and app info, and its Logout goes to /auth', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const user = await registerViaApi(page);
    await page.goto('/');

    // The header's profile icon leads there.
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: user.username }).waitFor();
    await page.getByText(`#${user.id}`, { exact: true }).waitFor();
    await page.getByText('Version 1.0.0', { exact: true }).waitFor();
    await page.getByText('Last updated April 29, 2025', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectToast(page, 'Logged out', 'You have been logged out successfully.');
    expect(await currentUser(page)).toBeNull();

    // Signed out, /profile sends the visitor to /auth.
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expectNoConsoleErrors();
  });

  it('redirects a visitor who is not signed in to /auth', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expectNoConsoleErrors();
  });
});

describe('unknown paths', () => {
  it('shows the not-found screen', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    expectNoConsoleErrors();
  });
});
