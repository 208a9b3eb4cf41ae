import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_COOKIE, colorSchemeCookie, pickedColorScheme } from './color-scheme-cookie';

describe('pickedColorScheme', () => {
  it('reads the pick among other cookies', () => {
    expect(pickedColorScheme(`a=1; ${COLOR_SCHEME_COOKIE}=dark; b=2`)).toBe('dark');
    expect(pickedColorScheme(`${COLOR_SCHEME_COOKIE}=light`)).toBe('light');
  });

  it('answers null without the cookie, or with a value that is no scheme', () => {
    expect(pickedColorScheme(undefined)).toBeNull();
    expect(pickedColorScheme('')).toBeNull();
    expect(pickedColorScheme('other=dark')).toBeNull();
    expect(pickedColorScheme(`${COLOR_SCHEME_COOKIE}=auto`)).toBeNull();
    expect(pickedColorScheme(`${COLOR_SCHEME_COOKIE}=dark" onload="x`)).toBeNull();
    expect(pickedColorScheme(`${COLOR_SCHEME_COOKIE}=`)).toBeNull();
    expect(pickedColorScheme(`x${COLOR_SCHEME_COOKIE}=dark`)).toBeNull();
  });
});

describe('colorSchemeCookie', () => {
  it('keeps a pick for a year on every path, Secure on HTTPS', () => {
    expect(colorSchemeCookie('dark', false)).toBe(
      `${COLOR_SCHEME_COOKIE}=dark; Path=/; Max-Age=31536000; SameSite=Lax`,
    );
    expect(colorSchemeCookie('light', true)).toBe(
      `${COLOR_SCHEME_COOKIE}=light; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
    );
  });

  it('forgets the pick with an empty value that expires at once', () => {
    expect(colorSchemeCookie(null, false)).toBe(`${COLOR_SCHEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
  });

  it('writes what the server reads', () => {
    const written = colorSchemeCookie('dark', true).split(';')[0];
    expect(pickedColorScheme(written)).toBe('dark');
  });
});
