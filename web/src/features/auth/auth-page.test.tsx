import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { AuthPage } from './auth-page.tsx';

const angler: User = {
  id: 7,
  username: 'river_rat',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

/** The message shown under a field (FormField ties it with aria-describedby). */
function messageUnder(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function openRegisterTab(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(screen.getByRole('tab', { name: 'Register' }));
  return within(await screen.findByRole('tabpanel', { name: 'Register' }));
}

describe('/auth', () => {
  it('checks the login form before sending anything', async () => {
    const calls = answerApi({});
    const { user } = renderScreen(<AuthPage />);

    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(messageUnder(await screen.findByLabelText('Username'))).toBe(
      'Username must be at least 3 characters',
    );
    expect(messageUnder(screen.getByLabelText('Password'))).toBe('Password must be at least 6 characters');
    expect(calls).toEqual([]);
  });

  it('logs in: sends the credentials, welcomes the angler back and keeps the user', async () => {
    const calls = answerApi({ 'POST /api/login': { status: 200, body: angler } });
    const { user } = renderScreen(<AuthPage />);

    await user.type(screen.getByLabelText('Username'), 'river_rat');
    await user.type(screen.getByLabelText('Password'), 'tight-lines');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Welcome back, river_rat!')).toBeTruthy();
    expect(screen.getByText('Login successful')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/login')).toEqual([
      { method: 'POST', path: '/api/login', body: { username: 'river_rat', password: 'tight-lines' } },
    ]);
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(angler);
  });

  it("shows a refused login's message in the 'Login failed' toast", async () => {
    answerApi({
      'POST /api/login': {
        status: 401,
        body: { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
      },
    });
    const { user } = renderScreen(<AuthPage />);

    await user.type(screen.getByLabelText('Username'), 'river_rat');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.user)).toBeUndefined();
  });

  it("says 'Passwords do not match' under Confirm Password and sends nothing", async () => {
    const calls = answerApi({});
    const { user } = renderScreen(<AuthPage />);
    const register = await openRegisterTab(user);

    await user.type(register.getByLabelText('Username'), 'river_rat');
    await user.type(register.getByLabelText('Password'), 'tight-lines');
    await user.type(register.getByLabelText('Confirm Password'), 'tight-lined');
    await user.click(register.getByRole('button', { name: 'Register' }));

    expect(messageUnder(await register.findByLabelText('Confirm Password'))).toBe('Passwords do not match');
    expect(messageUnder(register.getByLabelText('Username'))).toBeNull();
    expect(calls).toEqual([]);
  });

  it('registers with the username and password only, and welcomes the new angler', async () => {
    const calls = answerApi({ 'POST /api/register': { status: 201, body: angler } });
    const { user } = renderScreen(<AuthPage />);
    const register = await openRegisterTab(user);

    await user.type(register.getByLabelText('Username'), 'river_rat');
    await user.type(register.getByLabelText('Password'), 'tight-lines');
    await user.type(register.getByLabelText('Confirm Password'), 'tight-lines');
    await user.click(register.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Welcome, river_rat!')).toBeTruthy();
    expect(screen.getByText('Registration successful')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/register').map((call) => call.body)).toEqual([
      { username: 'river_rat', password: 'tight-lines' },
    ]);
  });

  it("puts the server's answers under the fields: a taken name, a common password", async () => {
    answerApi({
      'POST /api/register': (body) =>
        (body as { username: string }).username === 'taken'
          ? { status: 409, body: { message: 'Username already taken', code: 'USERNAME_TAKEN' } }
          : {
              status: 400,
              body: {
                message: 'Invalid input',
                code: 'INVALID_INPUT',
                errors: { password: 'This password is too common. Choose another one.' },
              },
            },
    });
    const { user } = renderScreen(<AuthPage />);
    const register = await openRegisterTab(user);

    await user.type(register.getByLabelText('Username'), 'taken');
    await user.type(register.getByLabelText('Password'), 'tight-lines');
    await user.type(register.getByLabelText('Confirm Password'), 'tight-lines');
    await user.click(register.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration failed')).toBeTruthy();
    expect(messageUnder(register.getByLabelText('Username'))).toBe('Username already taken');

    await user.clear(register.getByLabelText('Username'));
    await user.type(register.getByLabelText('Username'), 'river_rat');
    await user.click(register.getByRole('button', { name: 'Register' }));
    await register.findByText('This password is too common. Choose another one.');
    expect(messageUnder(register.getByLabelText('Password'))).toBe(
      'This password is too common. Choose another one.',
    );
  });
});
