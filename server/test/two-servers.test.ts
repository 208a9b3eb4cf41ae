import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createStripeSandbox } from '../sandbox/stripe/stripe-sandbox';
import { migrate } from '../src/db/migrator';
import { wipeData } from '../src/db/wipe';
import { demoAccounts } from '../src/seed/demo-data';
import { createTestDb, setupTestApp, signIn, TEST_PUBLIC_URL, twoServers, withBearer } from './helper';

// TEST_TWO_SERVERS=1 (with DATABASE_URL): every API test runs against two servers on one Postgres,
// request by request in turn. This file checks the mode itself does what it says.
const t = setupTestApp({
  extend: (app) => {
    app.get('/api/test/which-server', async () => ({ port: (app.server.address() as AddressInfo).port }));
  },
});

const whichServer = async () =>
  (await t.app.inject({ url: '/api/test/which-server' })).json<{ port: number }>().port;

describe.skipIf(!twoServers)('two servers on one database', () => {
  it('requests alternate between two listening servers', async () => {
    const ports = [await whichServer(), await whichServer(), await whichServer(), await whichServer()];
    expect(new Set(ports).size).toBe(2);
    expect(ports[0]).toBe(ports[2]);
    expect(ports[1]).toBe(ports[3]);
    expect(ports[0]).not.toBe(ports[1]);
  });

  it('a session made on one server is good on the other, and a refresh on either', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    for (let i = 0; i < 2; i++) {
      const profile = await t.app.inject({ url: '/api/v2/profile', headers: withBearer(tokens.accessToken) });
      expect(profile.statusCode).toBe(200);
    }
  });
});

describe('the Stripe sandbox in several processes', () => {
  it("uses the keys the first process stored, so either server takes the other's calls and signatures", async () => {
    const testDb = await createTestDb();
    try {
      await migrate(testDb.db);
      const make = () =>
        createStripeSandbox({
          db: testDb.db,
          publicUrl: () => TEST_PUBLIC_URL,
          webhookUrl: () => TEST_PUBLIC_URL,
        });
      const [first, second] = [make(), make()];
      expect(second.secretKey).not.toBe(first.secretKey);
      await first.migrate();
      const keys = [first.secretKey, first.publishableKey, first.webhookSecret];
      await second.migrate();
      expect([second.secretKey, second.publishableKey, second.webhookSecret]).toEqual(keys);
      // A data reset keeps them: the servers already running go on using them.
      await testDb.db.transaction((tx) => wipeData(tx));
      const third = make();
      await third.migrate();
      expect(third.secretKey).toBe(keys[0]);
    } finally {
      await testDb.close();
    }
  });
});
