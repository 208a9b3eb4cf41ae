import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    'ada@example.com',
    'Ada.Lovelace@Example.COM',
    'first.last+tag@sub.example.co.uk',
    'a@b.io',
    "o'neil@example.ie",
    'user_name-1@my-host.example',
    '123@456.xyz',
  ])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.c',
    'ada@example.123',
    'ada@@example.com',
    'ada@exa@mple.com',
    'ada lovelace@example.com',
    'ada@exam ple.com',
    ' ada@example.com',
    'ada@example.com ',
    'ada@.example.com',
    'ada@example..com',
    'ada@example.com.',
    'ada@-example.com',
    'ada@example-.com',
    'ada@exa_mple.com',
    'ada@example.com, bob@example.com',
    'ada@example.c0m',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects an address longer than 254 characters', () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`;
    const fits = `${'x'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(fits).toHaveLength(254);
    expect(isValidEmail(fits)).toBe(true);
    expect(isValidEmail(`x${fits}`)).toBe(false);
  });
});
