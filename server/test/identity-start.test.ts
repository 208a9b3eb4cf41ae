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
    expect(identitySandboxAllowed(loadConfig({ PUBLIC_URL: 'https://teams.example.com' }))).toBe(false);
    expect(
      identitySandboxAllowed(
        loadConfig({ PUBLIC_URL: 'https://staging.example.com', IDENTITY_SANDBOX: 'on' }),
      ),
    ).toBe(true);
    expect(identitySandboxAllowed(loadConfig({ IDENTITY_SANDBOX: 'off' }))).toBe(false);
    expect(() => loadConfig({ IDENTITY_SANDBOX: 'yes' })).toThrow(ConfigError);
  });

  it('on a public site without keys offers no provider and mounts nothing', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://teams.example.com' });
    const url = () => 'https://teams.example.com';
    const started = await startIdentity(config, null as unknown as Db, url, url);
    expect(started.standIns).toEqual([]);
    expect(started.options.oauth).toEqual({ google: null, microsoft: null });
  });

  it('with real keys uses the real issuers only', async () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://teams.example.com',
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
