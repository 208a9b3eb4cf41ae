import { describe, expect, it } from 'vitest';
import { appDeepLink, isAppDeepLink, safeRedirectTarget } from './app-link';

describe('appDeepLink', () => {
  it('builds readdle-spark:// links with a query', () => {
    expect(appDeepLink('checkout', { result: 'success', teamId: 3 })).toBe(
      'readdle-spark://checkout?result=success&teamId=3',
    );
    expect(appDeepLink('')).toBe('readdle-spark://');
  });
});

describe('safeRedirectTarget', () => {
  it.each(['readdle-spark://checkout?result=success', 'READDLE-SPARK://x', '/teams/1-2/billing?x=1'])(
    'follows %s',
    (url) => {
      expect(safeRedirectTarget(url)).toBe(url);
    },
  );

  it.each([
    'https://evil.test/',
    '//evil.test',
    '/\\evil.test',
    'javascript:alert(1)',
    'readdle-spark:evil',
    'readdle-spark://x\ny',
    'readdle-spark://x y',
    '',
    null,
  ])('refuses %s', (url) => {
    expect(safeRedirectTarget(url)).toBeNull();
  });

  it('isAppDeepLink only for the scheme with //', () => {
    expect(isAppDeepLink('readdle-spark://')).toBe(true);
    expect(isAppDeepLink('readdle-sparkx://')).toBe(false);
  });
});
