import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logger';
import { createTestDb } from './helper';
import { buildLoggedApp } from './logged-app';

describe('logging', () => {
  it('redacts credentials in query strings', () => {
    expect(redactUrl('/login?token=eyJ.abc.def&team_id=1&user_id=2')).toBe(
      '/login?token=%5BRedacted%5D&team_id=1&user_id=2',
    );
    expect(redactUrl('/public-files/k?s=secret')).toBe('/public-files/k?s=%5BRedacted%5D');
    expect(redactUrl('/accept-invitation?key=k3y_value')).toBe('/accept-invitation?key=%5BRedacted%5D');
    expect(redactUrl('/api/v1/auth/web/oauth/callback?code=c0de&state=st4te&iss=x')).toBe(
      '/api/v1/auth/web/oauth/callback?code=%5BRedacted%5D&state=%5BRedacted%5D&iss=x',
    );
    expect(redactUrl('/api/v2/profile')).toBe('/api/v2/profile');
    expect(redactUrl('/x?a=1&b=2')).toBe('/x?a=1&b=2');
  });

  it('never writes tokens, secrets or auth headers', async () => {
    const testDb = await createTestDb();
    const { app, lines } = await buildLoggedApp(testDb.db, 'trace');
    try {
      app.get('/api/test/log', async (request) => {
        request.log.info(
          { headers: request.headers, body: { refreshToken: 'rt_SECRET3', code: 'SECRET4' } },
          'dump',
        );
        return { ok: true };
      });
      await app.inject({
        url: '/api/test/log?token=SECRET1',
        headers: { authorization: 'Bearer SECRET2', cookie: 'sid=SECRET5', 'x-cli-secret': 'SECRET6' },
      });
      // An invitation link opened in the browser: the console's page, logged like any request.
      await app.inject({ url: '/accept-invitation?key=SECRET7', headers: { accept: 'text/html' } });
      const log = lines.join('');
      expect(log).toContain('dump');
      expect(log).toContain('/accept-invitation?key=');
      expect(log).not.toMatch(/SECRET\d/);
    } finally {
      await app.close();
      await testDb.close();
    }
  });

  it('writes no line for a successful request at info, and still logs failures', async () => {
    const testDb = await createTestDb();
    const { app, lines } = await buildLoggedApp(testDb.db, 'info');
    try {
      app.get('/api/test/ok', async () => ({ ok: true }));
      app.get('/api/test/broken', async () => {
        throw new Error('broken on purpose');
      });
      expect((await app.inject({ url: '/api/test/ok' })).statusCode).toBe(200);
      expect(lines).toEqual([]);
      expect((await app.inject({ url: '/api/v2/profile' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/test/broken' })).statusCode).toBe(500);
      const log = lines.join('');
      expect(log).not.toContain('incoming request');
      expect(log).toContain('"errorCode":1200');
      expect(log).toContain('broken on purpose');
    } finally {
      await app.close();
      await testDb.close();
    }
  });
});
