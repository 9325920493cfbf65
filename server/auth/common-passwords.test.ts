import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-password-list.ts';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it('refuses the classics', () => {
    for (const password of [
      '123456',
      'password',
      'qwerty',
      '12345678',
      '111111',
      'iloveyou',
      'abc123',
      'password1',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses the obvious fishing passwords', () => {
    for (const password of ['fishing', 'fishing1', 'fisherman', 'tightlines']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('compares case-insensitively', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('QWERTY')).toBe(true);
    expect(isCommonPassword('Fishing1')).toBe(true);
  });

  it('accepts ordinary, uncommon passwords and passphrases', () => {
    for (const password of [
      'pike-at-dawn-42',
      'Walleye on a jig, Lake Vermilion',
      'x7#Rq!bT2',
      'password-for-my-boat',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('does not trim or otherwise alter the password', () => {
    expect(isCommonPassword(' password')).toBe(false);
    expect(isCommonPassword('password ')).toBe(false);
  });

  it('holds a few hundred lower-case entries of at least 6 characters', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry.length, entry).toBeGreaterThanOrEqual(6);
      expect(entry, entry).toBe(entry.toLowerCase());
    }
  });
});
