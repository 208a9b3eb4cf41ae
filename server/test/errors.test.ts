import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { ValidationError } from '../src/errors';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import {
  authCodeFor,
  errorOf,
  exchangeCode,
  refreshMultipart,
  setupTestApp,
  signIn,
  withBearer,
} from './helper';
import { call, demoMember, demoPerson, refOf } from './team-fixtures';

const t = setupTestApp({
  extend(app) {
    // Routes that fail the ways real handlers can, to see what leaves the server.
    app.get('/api/test/boom', async () => {
      throw new Error('secret internals: connection to db.internal:5432 refused');
    });
    app.get('/api/test/type-error', async () => {
      const value = null as unknown as { x: { y: number } };
      return value.x.y;
    });
    app.get('/api/test/validation', async () => {
      throw new ValidationError([{ field: 'name', message: 'must not be empty' }]);
    });
  },
});

const postCode = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/code',
    headers: { 'content-type': contentType },
    payload,
  });

describe('the error catalogue (spec section 8)', () => {
  it('validation errors: 400, errorCode 10, "Validation error" and a field list', async () => {
    const response = await t.app.inject({ url: '/api/test/validation' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorCode: 10,
      errorMessage: 'Validation error',
      errorData: [{ field: 'name', message: 'must not be empty' }],
    });
  });

  it('malformed JSON: 400 with errorCode 10', async () => {
    for (const payload of ['{"code": ', '{code: 1}', 'nope', '[1,2', '{"__proto__": {"x": 1}}']) {
      const response = await postCode(payload);
      expect(errorOf(response), payload).toEqual({
        status: 400,
        code: 10,
        data: [{ field: 'body', message: 'is not valid JSON' }],
      });
    }
  });

  it('a JSON body that is not an object: 400 with errorCode 10', async () => {
    for (const payload of ['null', '"code"', '42', '[]']) {
      const response = await postCode(payload);
      expect(errorOf(response), payload).toMatchObject({ status: 400, code: 10 });
    }
  });

  it('an empty JSON body: 400 with errorCode 10', async () => {
    expect(errorOf(await postCode(''))).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'body', message: 'must not be empty' }],
    });
  });

  it('an oversized body: 413 with errorCode 10 "body is too large"', async () => {
    const big = JSON.stringify({ code: 'x'.repeat(BODY_LIMIT_BYTES) });
    const response = await postCode(big);
    expect(errorOf(response)).toEqual({
      status: 413,
      code: 10,
      data: [{ field: 'body', message: 'is too large' }],
    });

    const bigMultipart = await refreshMultipart(t, 'x'.repeat(70 * 1024));
    expect(bigMultipart.statusCode).toBeLessThan(500);
    expect(errorOf(bigMultipart).code).toBe(10);
  });

  it('unknown fields: 400 "is not allowed", nested paths dotted', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/code',
      payload: { code: 'x', extra: 1, another: { deep: true } },
    });
    expect(errorOf(response).data).toEqual([
      { field: 'extra', message: 'is not allowed' },
      { field: 'another', message: 'is not allowed' },
    ]);
  });

  it('a content type the route does not take: 415 with errorCode 10', async () => {
    for (const type of ['text/plain', 'application/xml', 'image/png']) {
      expect(errorOf(await postCode('code=x', type)), type).toEqual({
        status: 415,
        code: 10,
        data: [{ field: 'content-type', message: 'is not supported' }],
      });
    }
  });

  it('unknown /api paths: 404 with errorCode 2200, for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v9/nothing'],
      ['POST', '/api/v2/auth/nothing'],
      ['DELETE', '/api/v2/profile'],
      ['GET', '/api'],
      ['GET', '/api/v1/collab/teams/1-2/unknown?x=1'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ errorCode: 2200, errorMessage: 'Item not found', errorData: null });
    }
  });

  it('a path the router cannot decode, or an overlong parameter: the spec body, not the router', async () => {
    expect(errorOf(await t.app.inject({ url: '/api/v1/collab/%E0%A4%A/users' }))).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'path', message: 'is invalid' }],
    });
    expect(errorOf(await t.app.inject({ url: `/api/v1/avatars/${'x'.repeat(101)}` }))).toEqual({
      status: 414,
      code: 10,
      data: [{ field: 'path', message: 'is too long' }],
    });
  });

  it('text the database cannot hold (NUL, half a surrogate pair) is refused as invalid wherever it stands', async () => {
    const olivia = await demoPerson(t, demoAccounts.olivia.email);
    const team = `/api/v1/collab/teams/${refOf(await demoMember(t, demoAccounts.olivia.email, demoTeams.acme.name))}`;
    const pageView = (route: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/analytics/page-views',
        payload: { route, tid: 1, uid: 2 },
      });
    const invalid = (field: string) => ({ status: 400, code: 10, data: [{ field, message: 'is invalid' }] });

    expect(errorOf(await pageView('/teams\u0000'))).toEqual(invalid('route'));
    expect(errorOf(await call(t, olivia, 'PUT', team, { name: 'Acme \ud800' }))).toEqual(invalid('name'));
    expect(errorOf(await call(t, olivia, 'PUT', team, { name: 'Acme \udc00 Inc' }))).toEqual(invalid('name'));
    // The invite list's own rule refuses the address too (field email), beside the NUL's own place.
    expect(errorOf(await call(t, olivia, 'POST', `${team}/invite`, [{ email: 'a\u0000@b.test' }]))).toEqual({
      status: 400,
      code: 10,
      data: [
        { field: 'email', message: 'is invalid' },
        { field: '0.email', message: 'is invalid' },
      ],
    });
    const code = await authCodeFor(t, demoAccounts.olivia.email);
    expect(errorOf(await exchangeCode(t, code, { device: 'x\u0000' }))).toEqual(invalid('device'));
    // Nothing was stored or spent: the same code still works, and a real emoji is fine.
    expect((await exchangeCode(t, code, { device: 'Pixel 😀' })).statusCode).toBe(200);
    expect((await call(t, olivia, 'GET', team)).json().team.name).toBe(demoTeams.acme.name);
  });

  it('unexpected failures: 500 with a generic body and nothing internal', async () => {
    for (const url of ['/api/test/boom', '/api/test/type-error']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        errorCode: 1,
        errorMessage: 'Internal server error',
        errorData: null,
      });
      expect(response.body).not.toMatch(/internals|stack|TypeError|\.ts/);
    }
  });

  it('never answers 500 to bad input on the real routes', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    const code = await authCodeFor(t, demoAccounts.olivia.email);
    const cases: InjectOptions[] = [
      {
        method: 'POST',
        url: '/api/v2/auth/code',
        payload: '\u0000\u0001',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'POST', url: '/api/v2/auth/code', payload: { code: { $ne: 1 } } },
      { method: 'POST', url: '/api/v2/auth/code', payload: { code: ['a', 'b'] } },
      { method: 'POST', url: '/api/v2/auth/code', payload: { code: `${code}'; DROP TABLE accounts; --` } },
      {
        method: 'POST',
        url: '/api/v2/auth/code',
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'x',
      },
      {
        method: 'POST',
        url: '/api/v2/auth/code',
        headers: { 'content-type': 'multipart/form-data; boundary=a' },
        payload: '--a\r\nbroken',
      },
      {
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '%%%',
      },
      {
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'refreshToken=a&refreshToken=b',
      },
      {
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { 'content-type': 'application/json' },
        payload: '{"refreshToken": "a", "__proto__": {}}',
      },
      { method: 'POST', url: '/api/v1/auth/refresh', headers: { 'content-length': '5' }, payload: '' },
      { method: 'GET', url: '/api/v2/profile', headers: { authorization: `Bearer ${tokens.accessToken}x` } },
      { method: 'GET', url: '/api/v2/profile?%zz=1' },
      {
        method: 'GET',
        url: '/api/v1/collab/teams/99999999999999999999-1',
        headers: withBearer(tokens.accessToken),
      },
      { method: 'GET', url: '/api/v1/collab/teams/%00-1', headers: withBearer(tokens.accessToken) },
      { method: 'GET', url: '/api/v1/collab/teams/1-2147483648', headers: withBearer(tokens.accessToken) },
      { method: 'GET', url: '/%', headers: { accept: 'text/html' } },
    ];
    for (const request of cases) {
      const response = await t.app.inject(request);
      const label = `${request.method} ${request.url} ${JSON.stringify(request.payload ?? '')}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      if (request.url?.toString().startsWith('/api'))
        expect(errorOf(response).code, label).toBeTypeOf('number');
    }
  });
});
