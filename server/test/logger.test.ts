import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logger';
import { createTestDb } from './helper';
import { buildLoggedApp, parseLines } from './logged-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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

describe('log lines an operator can work with', () => {
  it('every line is JSON with an ISO time and the level by name', async () => {
    const testDb = await createTestDb();
    const { app, lines } = await buildLoggedApp(testDb.db, 'trace');
    try {
      app.get('/api/test/ok', async (request) => {
        request.log.info('inside');
        return { ok: true };
      });
      await app.inject({ url: '/api/test/ok' });
      await app.inject({ url: '/api/v2/profile' });
      const parsed = parseLines(lines);
      expect(parsed.length).toBeGreaterThan(4);
      for (const line of parsed) {
        expect(new Date(line.time).toISOString()).toBe(line.time);
        expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(line.level);
      }
    } finally {
      await app.close();
      await testDb.close();
    }
  });

  it('request ids: a well-formed X-Request-Id is kept, anything else replaced; returned and on every line', async () => {
    const testDb = await createTestDb();
    const { app, lines } = await buildLoggedApp(testDb.db, 'debug');
    try {
      app.get('/api/test/ok', async (request) => {
        request.log.info('inside');
        return { ok: true };
      });
      const idOf = async (headers: Record<string, string>, url = '/api/test/ok') => {
        lines.length = 0;
        const response = await app.inject({ url, headers });
        const id = response.headers['x-request-id'];
        // The request's own lines (incoming, the handler's, completed) all carry it.
        const parsed = parseLines(lines);
        expect(parsed.length).toBeGreaterThanOrEqual(2);
        for (const line of parsed) expect(line.requestId).toBe(id);
        return id as string;
      };
      expect(await idOf({ 'x-request-id': 'edge-7f3a.b_C-9' })).toBe('edge-7f3a.b_C-9');
      expect(await idOf({ 'x-request-id': 'a'.repeat(128) })).toBe('a'.repeat(128));
      const made = await idOf({});
      expect(made).toMatch(UUID);
      expect(await idOf({})).not.toBe(made);
      // A client cannot forge log content, overlong ids or an empty one.
      for (const junk of ['a'.repeat(129), 'two words', '"},{"level":"fatal', 'x\u0000y', '', 'ü'])
        expect(await idOf({ 'x-request-id': junk })).toMatch(UUID);
      // Error answers too, including those the router refuses before any hook runs.
      expect(await idOf({ 'x-request-id': 'not-found-1' }, '/api/nope')).toBe('not-found-1');
      const badPath = await app.inject({
        url: '/api/v1/collab/teams/%E0%A4%A',
        headers: { 'x-request-id': 'bad-1' },
      });
      expect(badPath.statusCode).toBe(400);
      expect(badPath.headers['x-request-id']).toBe('bad-1');
    } finally {
      await app.close();
      await testDb.close();
    }
  });

  it('every error line names the method, the route pattern and the status', async () => {
    const testDb = await createTestDb();
    const { app, lines } = await buildLoggedApp(testDb.db, 'info');
    try {
      app.get('/api/test/teams/:tid/broken', async () => {
        throw new Error('broken on purpose');
      });
      // A mistake Fastify itself warns about: a reply sent, then a value returned as well.
      app.get('/api/test/teams/:tid/twice', async (_request, reply) => {
        await reply.status(202).send({ first: true });
        return { second: true };
      });
      const broken = await app.inject({ method: 'GET', url: '/api/test/teams/7/broken' });
      expect(broken.statusCode).toBe(500);
      expect((await app.inject({ url: '/api/v2/profile' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/test/teams/7/twice' })).statusCode).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const parsed = parseLines(lines);
      expect(parsed.find((line) => line.msg === 'unexpected error')).toMatchObject({
        level: 'error',
        method: 'GET',
        route: '/api/test/teams/:tid/broken',
        statusCode: 500,
        requestId: broken.headers['x-request-id'],
        err: { message: 'broken on purpose' },
      });
      expect(parsed.find((line) => line.errorCode === 1200)).toMatchObject({
        method: 'GET',
        route: '/api/v2/profile',
        statusCode: 401,
      });
      const warnings = parsed.filter((line) => line.level === 'warn');
      expect(warnings.length).toBeGreaterThan(0);
      for (const line of warnings)
        expect(line).toMatchObject({ method: 'GET', route: '/api/test/teams/:tid/twice', statusCode: 202 });
    } finally {
      await app.close();
      await testDb.close();
    }
  });
});
