// No Postgres database: the configuration and the stand-ins' start-up decisions (no database given).
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { ConfigError, loadConfig } from '../src/settings/config';
import { isLoopbackHost, stripeSandboxDecision } from '../src/settings/stand-ins';
import { identitySandboxAllowed, startIdentity } from '../src/start/identity-start';

// The identity sandbox vouches for any address typed into it, so it must never stand in for Google
// and Microsoft on a public site by accident.
describe('the identity sandbox seam', () => {
  it('runs by default on loopback only, and as IDENTITY_SANDBOX says', () => {
    expect(identitySandboxAllowed(loadConfig({}))).toBe(true);
    expect(identitySandboxAllowed(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9000' }))).toBe(true);
    expect(identitySandboxAllowed(loadConfig({ PUBLIC_URL: 'http://[::1]:9000' }))).toBe(true);
    expect(identitySandboxAllowed(loadConfig({ PUBLIC_URL: 'http://localhost:5173' }))).toBe(true);
    // An http address on a LAN or in a container is reachable by others: not by itself.
    expect(identitySandboxAllowed(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:8080' }))).toBe(false);
    expect(identitySandboxAllowed(loadConfig({ PUBLIC_URL: 'http://teams.lan' }))).toBe(false);
    // Without PUBLIC_URL the links say 127.0.0.1, but HOST=0.0.0.0 listens for everyone.
    expect(identitySandboxAllowed(loadConfig({ HOST: '0.0.0.0' }))).toBe(false);
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
  it('does not run unless asked for (it takes test cards); payments are then not configured', () => {
    const decision = (env: NodeJS.ProcessEnv) => stripeSandboxDecision(loadConfig(env));
    expect(decision({ PUBLIC_URL: 'https://teams.example.com' })).toEqual({
      mount: false,
      why: 'PUBLIC_URL is not loopback',
    });
    expect(decision({ PUBLIC_URL: 'http://10.0.0.5:8080' }).mount).toBe(false);
    expect(decision({ PUBLIC_URL: 'https://staging.example.com', STRIPE_SANDBOX: 'on' })).toEqual({
      mount: true,
      why: 'STRIPE_SANDBOX=on',
    });
    expect(decision({ PUBLIC_URL: 'http://127.0.0.1:8080' })).toEqual({
      mount: true,
      why: 'PUBLIC_URL is loopback',
    });
    expect(decision({ STRIPE_SANDBOX: 'off' }).mount).toBe(false);
    expect(() => loadConfig({ STRIPE_SANDBOX: 'yes' })).toThrow('STRIPE_SANDBOX must be auto, on or off');
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

describe('loopback and TRUST_PROXY', () => {
  it('loopback is 127.0.0.0/8, localhost and ::1 only', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '[::1]', '::1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '10.0.0.1', 'teams.lan', 'localhost.evil.example', '[::]', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('TRUST_PROXY takes hop counts and proxy addresses, never "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.lan']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be/);
    }
  });
});
