import { describe, expect, it } from 'vitest';
import { PAGE_VIEWS_PER_MINUTE } from '../src/routes/analytics-page-views.routes';
import { errorOf, setupTestApp } from './helper';

const t = setupTestApp({ seed: false });

const send = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/analytics/page-views',
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress,
  });

const stored = () =>
  t.db.query<{ route: string; teamId: number | null; teamUserId: number | null }>(
    'SELECT route, team_id AS "teamId", team_user_id AS "teamUserId" FROM analytics_page_views ORDER BY id',
  );

describe('POST /api/v1/analytics/page-views', () => {
  it('stores a page view without auth and answers 204', async () => {
    const response = await send({ route: 'team-overview', tid: 3, uid: 7 });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await send({ route: 'home', tid: null, uid: null })).toMatchObject({ statusCode: 204 });
    expect(await stored()).toEqual([
      { route: 'team-overview', teamId: 3, teamUserId: 7 },
      { route: 'home', teamId: null, teamUserId: null },
    ]);
  });

  it.each([
    ['no body', undefined, [{ field: 'body', message: 'is required' }]],
    [
      'a missing tid and uid',
      { route: 'home' },
      [
        { field: 'tid', message: 'is required' },
        { field: 'uid', message: 'is required' },
      ],
    ],
    [
      'an empty route',
      { route: '', tid: null, uid: null },
      [{ field: 'route', message: 'must not be empty' }],
    ],
    [
      'a long route',
      { route: 'r'.repeat(101), tid: null, uid: null },
      [{ field: 'route', message: 'is too long' }],
    ],
    ['a tid as text', { route: 'home', tid: '1', uid: null }, [{ field: 'tid', message: 'is invalid' }]],
    ['a fractional uid', { route: 'home', tid: null, uid: 1.5 }, [{ field: 'uid', message: 'is invalid' }]],
    [
      'a huge tid',
      { route: 'home', tid: 2 ** 31, uid: null },
      [{ field: 'tid', message: 'must be at most 2147483647' }],
    ],
    [
      'an extra field',
      { route: 'home', tid: null, uid: null, x: 1 },
      [{ field: 'x', message: 'is not allowed' }],
    ],
  ])('refuses %s', async (_what, payload, fields) => {
    const before = (await stored()).length;
    expect(errorOf(await send(payload))).toEqual({ status: 400, code: 10, data: fields });
    expect(await stored()).toHaveLength(before);
  });

  it('refuses bodies over 1 KiB with 413', async () => {
    const response = await send(
      JSON.stringify({ route: 'home', tid: null, uid: null, pad: 'x'.repeat(1100) }),
    );
    expect(errorOf(response)).toEqual({
      status: 413,
      code: 10,
      data: [{ field: 'body', message: 'is too large' }],
    });
  });

  it('holds a multipart or urlencoded body to the same 1 KiB', async () => {
    const form = (parts: [string, string, string?][]) => {
      const boundary = 'pageviewform';
      const fields = parts.map(
        ([name, value, filename]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
          `${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`,
      );
      const payload = `${fields.join('')}--${boundary}--\r\n`;
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/analytics/page-views',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const tooLarge = (field: string) => ({
      status: 413,
      code: 10,
      data: [{ field, message: 'is too large' }],
    });
    expect(errorOf(await form([['route', 'x'.repeat(2000)]]))).toEqual(tooLarge('route'));
    expect(errorOf(await form([['pad', 'y'.repeat(2000), 'pad.bin']]))).toEqual(tooLarge('pad'));
    expect(errorOf(await form(Array.from({ length: 5 }, (_, i) => [`f${i}`, 'z'.repeat(300)])))).toEqual(
      tooLarge('body'),
    );
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/page-views',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `route=${'x'.repeat(2000)}`,
    });
    expect(errorOf(urlencoded)).toEqual(tooLarge('body'));
  });

  it('stores at most the per-minute limit from one address, then again in the next minute', async () => {
    // A fresh window (the limiter's clock is the app's), so the loop below falls inside one.
    t.clock.advance(61_000);
    const before = (await stored()).length;
    for (let i = 0; i < PAGE_VIEWS_PER_MINUTE + 5; i++) {
      expect((await send({ route: 'flood', tid: null, uid: null }, '10.0.0.9')).statusCode).toBe(204);
    }
    // Another address is not affected.
    await send({ route: 'calm', tid: null, uid: null }, '10.0.0.10');
    const flood = (await stored()).slice(before).filter((r) => r.route === 'flood');
    expect(flood).toHaveLength(PAGE_VIEWS_PER_MINUTE);
    expect((await stored()).some((r) => r.route === 'calm')).toBe(true);
    t.clock.advance(61_000);
    await send({ route: 'after', tid: null, uid: null }, '10.0.0.9');
    expect((await stored()).at(-1)?.route).toBe('after');
  });
});
