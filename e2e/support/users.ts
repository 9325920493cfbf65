import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Long and unusual enough to pass the server's common-password check. */
export const TEST_PASSWORD = 'Riffle-and-Pool-2468';

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

/** A username nobody has used yet (3–32 letters, digits, dots, dashes, underscores). */
export function uniqueUsername(prefix = 'angler'): string {
  return `${prefix}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 32);
}

/** Reads the signed-in user through the API with the page's cookies (null when signed out). */
export async function currentUser(page: Page): Promise<{ id: number; username: string } | null> {
  const response = await page.request.get('/api/user');
  if (response.status() === 401) return null;
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; username: string };
}

/**
 * Registers a new user through the /auth page's Register tab and waits for the main shell.
 * Starts from whatever page is open; goes to /auth first.
 */
export async function registerViaUi(page: Page, username = uniqueUsername()): Promise<TestUser> {
  if (new URL(page.url()).pathname !== '/auth') await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const user = await currentUser(page);
  expect(user?.username).toBe(username);
  return { id: user?.id ?? -1, username, password: TEST_PASSWORD };
}

/**
 * Registers (and so signs in) a new user through the API with the page's cookie jar, for tests where the
 * auth UI is not what is under test. Does not navigate.
 */
export async function registerViaApi(page: Page, username = uniqueUsername()): Promise<TestUser> {
  const response = await page.request.post('/api/register', {
    data: { username, password: TEST_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as { id: number; username: string };
  return { id: user.id, username: user.username, password: TEST_PASSWORD };
}
