import { COLOR_SCHEME_STORAGE_KEY, colorSchemeManager, resolvedColorScheme } from '@/app/color-scheme';
import { STORAGE_KEY_PREFIX } from '@/app/config';

describe('colour scheme', () => {
  afterEach(() => window.localStorage.clear());

  it('is stored under the console’s storage prefix', () => {
    expect(COLOR_SCHEME_STORAGE_KEY).toBe(`${STORAGE_KEY_PREFIX}color-scheme`);
    colorSchemeManager.set('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  });

  it('follows the system until the user picks one, then keeps the pick', () => {
    expect(resolvedColorScheme(colorSchemeManager, true)).toBe('dark');
    expect(resolvedColorScheme(colorSchemeManager, false)).toBe('light');
    colorSchemeManager.set('light');
    expect(resolvedColorScheme(colorSchemeManager, true)).toBe('light');
    colorSchemeManager.set('dark');
    expect(resolvedColorScheme(colorSchemeManager, false)).toBe('dark');
  });

  it('ignores a stored value that is no scheme', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'purple');
    expect(resolvedColorScheme(colorSchemeManager, true)).toBe('dark');
  });
});
