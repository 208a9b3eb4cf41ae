import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSOLE_SETTINGS, parseConsoleSettings } from './console-settings';
import { parseSignInProviders } from './sign-in-providers';

describe('parseConsoleSettings', () => {
  it('reads what the server wrote', () => {
    const settings = {
      customerSuccessEmail: 'help@example.com',
      schedulingUrls: { paid: 'https://cal.example.com/cs', basic: 'https://cal.example.com/sales' },
    };
    expect(parseConsoleSettings(JSON.stringify(settings))).toEqual(settings);
  });

  it('falls back to the defaults for anything missing or malformed', () => {
    for (const json of [null, '', 'not json', '42', '[]', '{}']) {
      expect(parseConsoleSettings(json), String(json)).toEqual(DEFAULT_CONSOLE_SETTINGS);
    }
    const partial = parseConsoleSettings(
      JSON.stringify({
        customerSuccessEmail: 'no at sign',
        schedulingUrls: { paid: 'javascript:alert(1)', basic: 'https://cal.example.com/sales' },
      }),
    );
    expect(partial).toEqual({
      customerSuccessEmail: DEFAULT_CONSOLE_SETTINGS.customerSuccessEmail,
      schedulingUrls: {
        paid: DEFAULT_CONSOLE_SETTINGS.schedulingUrls.paid,
        basic: 'https://cal.example.com/sales',
      },
    });
  });
});

describe('parseSignInProviders', () => {
  it('offers what the server says, in the page order, and nothing it does not know', () => {
    expect(parseSignInProviders('{"signInProviders":[]}')).toEqual([]);
    expect(parseSignInProviders('{"signInProviders":["microsoft"]}')).toEqual(['microsoft']);
    expect(parseSignInProviders('{"signInProviders":["microsoft","google","github"]}')).toEqual([
      'google',
      'microsoft',
    ]);
  });

  it('offers both without the field or the element (a development server with the sandbox)', () => {
    for (const json of [null, '', 'not json', '{}', '{"signInProviders":"google"}']) {
      expect(parseSignInProviders(json), String(json)).toEqual(['google', 'microsoft']);
    }
  });
});
