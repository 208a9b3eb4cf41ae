import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { identitySandboxAllowed, startIdentity } from '../src/identity-start';

// The identity sandbox vouches for any address typed into it, so it must never stand in for Google
// and Microsoft on a public site by accident.
describe('the identity sandbox seam', () => {
  it('runs by default locally, never by default on a public HTTPS address, and as IDENTITY_SANDBOX says', () => {
    expect(identitySandboxAllowed(loadConfig({}))).toBe(true);
    expect(identitySandboxAllowed(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9000' }))).toBe(true);
    expect(
      identitySandboxAllowed(loadConfig({ PUBLIC_URL: 'https://teams.example.com', STRIPE_SANDBOX: 'on' })),
    ).toBe(false);
    expect(
      identitySandboxAllowed(
        loadConfig({
          PUBLIC_URL: 'https://staging.example.com',
          IDENTITY_SANDBOX: 'on',
          STRIPE_SANDBOX: 'on',
        }),
      ),
    ).toBe(true);
    expect(identitySandboxAllowed(loadConfig({ IDENTITY_SANDBOX: 'off' }))).toBe(false);
    expect(() => loadConfig({ IDENTITY_SANDBOX: 'yes' })).toThrow(ConfigError);
  });

  it('on a public site without keys offers no provider and mounts nothing', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://teams.example.com', STRIPE_SANDBOX: 'on' });
    const url = () => 'https://teams.example.com';
    const started = await startIdentity(config, null as unknown as Db, url, url);
    expect(started.standIns).toEqual([]);
    expect(started.options.oauth).toEqual({ google: null, microsoft: null });
  });

  it('with real keys uses the real issuers only', async () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://teams.example.com',
      STRIPE_SANDBOX: 'on',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
    });
    const url = () => 'https://teams.example.com';
    const started = await startIdentity(config, null as unknown as Db, url, url);
    expect(started.options.oauth.google?.()).toMatchObject({
      issuer: 'https://accounts.google.com',
      clientId: 'g-id',
    });
    expect(started.options.oauth.microsoft).toBeNull();
  });
});

describe('the Stripe sandbox on a public address', () => {
  it('is refused at start unless asked for: it takes test cards', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://teams.example.com' })).toThrow(/STRIPE_SANDBOX=on/);
    expect(loadConfig({ PUBLIC_URL: 'https://staging.example.com', STRIPE_SANDBOX: 'on' }).stripe).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).stripe).toBeNull();
    const keys = {
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig({ PUBLIC_URL: 'https://teams.example.com', ...keys }).stripe).toMatchObject({
      secretKey: 'sk_x',
    });
  });
});
