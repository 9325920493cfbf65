import { describe, expect, it } from 'vitest';
import { credentialsSchema, loginFormSchema, registerFormSchema } from './user.ts';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues[0];

describe('auth form rules (docs/product.md#sign-in)', () => {
  it.each([
    ['ab', 'secret', 'Username must be at least 3 characters'],
    ['abc', '12345', 'Password must be at least 6 characters'],
  ])('login %s / %s → %s', (username, password, message) => {
    expect(firstMessage(loginFormSchema.safeParse({ username, password }))?.message).toBe(message);
  });

  it('accepts the minimums exactly', () => {
    expect(loginFormSchema.safeParse({ username: 'abc', password: '123456' }).success).toBe(true);
    expect(credentialsSchema.safeParse({ username: 'abc', password: '123456' }).success).toBe(true);
  });

  it("puts 'Passwords do not match' on confirmPassword", () => {
    const issue = firstMessage(
      registerFormSchema.safeParse({ username: 'angler', password: 'secret-1', confirmPassword: 'secret-2' }),
    );
    expect(issue).toMatchObject({ message: 'Passwords do not match', path: ['confirmPassword'] });
  });

  it('checks confirmPassword length too', () => {
    const issue = firstMessage(
      registerFormSchema.safeParse({ username: 'angler', password: 'secret-1', confirmPassword: '123' }),
    );
    expect(issue).toMatchObject({
      message: 'Password must be at least 6 characters',
      path: ['confirmPassword'],
    });
  });

  it('trims the username before checking it', () => {
    expect(credentialsSchema.parse({ username: '  angler ', password: 'secret-1' }).username).toBe('angler');
    expect(
      firstMessage(credentialsSchema.safeParse({ username: ' ab ', password: 'secret-1' }))?.message,
    ).toBe('Username must be at least 3 characters');
  });

  it('accepts letters of any alphabet but not spaces or symbols', () => {
    expect(credentialsSchema.safeParse({ username: 'Åsa.fiske-01', password: 'secret-1' }).success).toBe(
      true,
    );
    expect(credentialsSchema.safeParse({ username: 'a<b>c', password: 'secret-1' }).success).toBe(false);
  });
});
