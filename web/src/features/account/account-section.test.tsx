import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '#core/user.ts';
import { AuthPage } from '@/features/auth/auth-page';
import { dismissToast } from '@/hooks/use-toast';
import { answerApi, renderScreen } from '@/test-support/render';
import { AccountSection } from './account-section.tsx';

const angler: User = {
  id: 7,
  username: 'river_rat',
  createdAt: '2026-06-01T12:00:00.000Z',
  units: 'imperial',
};

function messageUnder(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function fillPasswordChange(
  user: ReturnType<typeof renderScreen>['user'],
  current: string,
  next: string,
  confirm = next,
) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe("Profile's account section", () => {
  it('checks the new password twice before sending anything', async () => {
    const calls = answerApi({});
    const { user } = renderScreen(<AccountSection user={angler} />);

    await fillPasswordChange(user, 'old-password', 'new-password', 'new-passwort');

    expect(messageUnder(await screen.findByLabelText('Confirm new password'))).toBe('Passwords do not match');
    expect(calls).toEqual([]);
  });

  it('changes the password, says so and empties the fields', async () => {
    const calls = answerApi({ 'POST /api/account/password': { status: 204 } });
    const { user } = renderScreen(<AccountSection user={angler} />);

    await fillPasswordChange(user, 'old-password', 'new-password');

    expect(await screen.findByText('Every other device has been signed out.')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/account/password',
        body: { currentPassword: 'old-password', newPassword: 'new-password' },
      },
    ]);
    await waitFor(() =>
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''),
    );
  });

  it('puts a wrong current password under its field and gives it the focus', async () => {
    answerApi({
      'POST /api/account/password': {
        status: 400,
        body: {
          message: 'Current password is wrong',
          code: 'WRONG_PASSWORD',
          errors: { currentPassword: 'Current password is wrong' },
        },
      },
    });
    const { user } = renderScreen(<AccountSection user={angler} />);

    await fillPasswordChange(user, 'not-my-password', 'new-password');

    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(messageUnder(current)).toBe('Current password is wrong'));
    expect(document.activeElement).toBe(current);
    expect(screen.queryByText('Password not changed')).toBeNull();
  });

  it('says a connection is needed when the request cannot leave the phone', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderScreen(<AccountSection user={angler} />);

    await fillPasswordChange(user, 'old-password', 'new-password');

    expect(await screen.findByText('Password not changed')).toBeTruthy();
    expect(screen.getByText('This needs a connection. Please try again when you are online.')).toBeTruthy();
  });

  it('signs out everywhere after asking, and goes to /auth', async () => {
    const calls = answerApi({ 'POST /api/logout-all': { status: 204 } });
    const { user } = renderScreen(<AccountSection user={angler} />);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
    expect(calls).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Every device has been signed out.')).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/logout-all']);
    expect(window.location.pathname).toBe('/auth');
  });

  it('deletes the account only once the username is typed, and asks for the password', async () => {
    const calls = answerApi({
      'DELETE /api/account': (body) =>
        (body as { password: string }).password === 'tight-lines'
          ? { status: 204 }
          : {
              status: 400,
              body: {
                message: 'Wrong password',
                code: 'WRONG_PASSWORD',
                errors: { password: 'Wrong password' },
              },
            },
    });
    const { user } = renderScreen(<AccountSection user={angler} />);

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    await user.type(dialog.getByLabelText('Type your username (river_rat) to confirm'), 'river_rat');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(messageUnder(dialog.getByLabelText('Password'))).toBe('Password is required');
    expect(calls).toEqual([]);

    await user.type(dialog.getByLabelText('Password'), 'guess');
    await user.click(confirm);
    await waitFor(() => expect(messageUnder(dialog.getByLabelText('Password'))).toBe('Wrong password'));

    await user.clear(dialog.getByLabelText('Password'));
    await user.type(dialog.getByLabelText('Password'), 'tight-lines');
    await user.click(confirm);
    expect(await screen.findByText('Your account and everything in it have been deleted.')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([{ password: 'guess' }, { password: 'tight-lines' }]);
    expect(window.location.pathname).toBe('/auth');

    // /auth keeps saying so once the toast has gone.
    dismissToast();
    cleanup();
    renderScreen(<AuthPage />);
    expect((await screen.findByRole('status')).textContent).toBe('Your account was deleted');
  });
});
