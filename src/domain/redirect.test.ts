import { describe, expect, it } from 'vitest';
import { safeInternalPath } from './redirect';

describe('safeInternalPath', () => {
  it.each([
    '/',
    '/ok',
    '/ok?x=1#y',
    '/teams/12-34/billing',
    '/teams/12-34/billing?result=success&mode=checkout',
    '/search?q=100%25',
    '/search?q=%E2%82%AC',
    '/path%20with%20spaces',
    '/a/../b',
    '/x?next=https://elsewhere.example',
    '/broken%',
    '/broken%E2%82',
    '/%2e%2e/admin',
  ])('keeps %j', (goto) => {
    expect(safeInternalPath(goto)).toBe(goto);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/teams'],
    ['backslash twin', '/\\evil.com'],
    ['double backslash', '\\\\evil.com'],
    ['backslash later in the path', '/ok\\..\\x'],
    ['absolute https', 'https://x'],
    ['absolute http', 'http://evil.com/'],
    ['scheme-relative with scheme', 'https:/evil.com'],
    ['javascript', 'javascript:alert(1)'],
    ['javascript upper-case', 'JavaScript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['encoded slashes', '%2F%2Fevil.com'],
    ['leading space', ' /x'],
    ['relative', 'teams/1-2'],
    ['dot relative', './x'],
    ['empty', ''],
    ['tab inside the slashes', '/\t/evil.com'],
    ['newline inside the slashes', '/\n/evil.com'],
    ['carriage return', '/x\r'],
    ['NUL', '/x\u0000'],
    ['DEL', '/x\u007f'],
    ['encoded second slash', '/%2Fevil.com'],
    ['encoded second slash, lower-case', '/%2fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['encoded tab', '/%09/evil.com'],
    ['encoded newline', '/x%0A'],
    ['double-encoded second slash', '/%252Fevil.com'],
    ['triple-encoded second slash', '/%25252Fevil.com'],
    ['encoded slash hidden before a broken escape', '/%2Fevil.com/%E2%82'],
  ])('rejects %s: %j', (_, goto) => {
    expect(safeInternalPath(goto)).toBeNull();
  });

  it('rejects more layers of encoding than any honest link has', () => {
    // '%' then six '25's then '41' takes seven decodings to reach 'A'.
    expect(safeInternalPath(`/x%${'25'.repeat(6)}41`)).toBeNull();
    expect(safeInternalPath(`/x%${'25'.repeat(2)}41`)).toBe('/x%252541');
  });

  it.each([null, undefined])('rejects a missing value (%j)', (goto) => {
    expect(safeInternalPath(goto)).toBeNull();
  });
});
