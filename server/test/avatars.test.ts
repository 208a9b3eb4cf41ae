import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Team, TeamEvent, TeamUser } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../src/avatars/image-upload';
import { demoTeams } from '../src/seed/demo-data';
import { createLocalFileStorage } from '../src/storage/local-file-storage';
import { errorOf, setupTestApp } from './helper';
import { call, multipartFile, type Person, refOf, setupAcmeCast, TINY_JPEG, TINY_PNG } from './team-fixtures';

const t = setupTestApp();
const demo = setupAcmeCast(t, 'mia', 'olivia');

const avatarUrl = () => `/api/v1/collab/${refOf(demo.miaAcme)}/users/me/avatar`;
const logoUrl = () => `/api/v1/collab/teams/${refOf(demo.oliviaAcme)}/avatar`;

function upload(who: Person, url: string, bytes: Buffer, options: Parameters<typeof multipartFile>[1] = {}) {
  const { payload, headers } = multipartFile(bytes, options);
  return call(t, who, 'POST', url, payload, headers);
}

const keyOf = (url: string | null) => (url ?? '').replace('/api/v1/avatars/', '');

describe('own avatar', () => {
  it('takes a PNG, serves it back as image/png with a long cache, replaces it with a JPEG, deletes the old file', async () => {
    const first = await upload(demo.mia, avatarUrl(), TINY_PNG, { filename: 'me.png' });
    expect(first.statusCode, first.body).toBe(200);
    const png = first.json<TeamUser>().avatar as string;
    expect(png).toMatch(/^\/api\/v1\/avatars\/[A-Za-z0-9_-]{43}\.png$/);

    const served = await t.app.inject({ url: png });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    // The declared name and type do not matter, only the bytes: a JPEG called .png is a JPEG.
    const second = await upload(demo.mia, avatarUrl(), TINY_JPEG, {
      filename: 'photo.png',
      contentType: 'image/png',
    });
    const jpeg = second.json<TeamUser>().avatar as string;
    expect(jpeg).toMatch(/\.jpg$/);
    const servedJpeg = await t.app.inject({ url: jpeg });
    expect(servedJpeg.headers['content-type']).toBe('image/jpeg');
    expect(servedJpeg.rawPayload.equals(TINY_JPEG)).toBe(true);

    expect(t.storage.files.has(keyOf(png))).toBe(false);
    expect(errorOf(await t.app.inject({ url: png }))).toEqual({ status: 404, code: 2200, data: null });
    expect(
      (await call(t, demo.mia, 'GET', `/api/v1/collab/${refOf(demo.miaAcme)}/users/me`)).json<TeamUser>()
        .avatar,
    ).toBe(jpeg);

    const removed = await call(t, demo.mia, 'DELETE', avatarUrl());
    expect(removed.json<TeamUser>().avatar).toBeNull();
    expect(t.storage.files.has(keyOf(jpeg))).toBe(false);
    expect(errorOf(await t.app.inject({ url: jpeg })).code).toBe(2200);

    const events = (await call(t, demo.mia, 'GET', `/api/v3/collab/${refOf(demo.miaAcme)}/events`)).json<
      TeamEvent[]
    >();
    expect(events.filter((e) => e.type === 'user.profile_changed').map((e) => e.data)).toEqual(
      Array(3).fill({ actor: { id: demo.miaAcme.id, email: demo.miaAcme.email }, changes: ['avatar'] }),
    );
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am not an image'), 'notes.png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'a.gif'],
    ['a truncated PNG signature', TINY_PNG.subarray(0, 10), 'short.png'],
  ])("refuses %s: field file 'PNG, JPG only'", async (_what, bytes, filename) => {
    const files = t.storage.files.size;
    const response = await upload(demo.mia, avatarUrl(), bytes, { filename, contentType: 'image/png' });
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'file', message: 'PNG, JPG only' }],
    });
    expect(t.storage.files.size).toBe(files);
  });

  it('takes images above the 1 MiB JSON limit up to 2 MiB, and refuses larger ones with 413', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(IMAGE_MAX_BYTES - TINY_PNG.length)]);
    const accepted = await upload(demo.mia, avatarUrl(), big);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const tooBig = await upload(demo.mia, avatarUrl(), Buffer.concat([big, Buffer.alloc(1)]));
    expect(errorOf(tooBig)).toEqual({
      status: 413,
      code: 10,
      data: [{ field: 'file', message: 'is too large' }],
    });
    await call(t, demo.mia, 'DELETE', avatarUrl());
  });

  it('needs a file: missing, empty or sent as JSON', async () => {
    expect(errorOf(await upload(demo.mia, avatarUrl(), Buffer.alloc(0)))).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'file', message: 'must not be empty' }],
    });
    expect(errorOf(await upload(demo.mia, avatarUrl(), TINY_PNG, { field: 'image' }))).toEqual({
      status: 400,
      code: 10,
      data: [
        { field: 'file', message: 'must not be empty' },
        { field: 'image', message: 'is not allowed' },
      ],
    });
    expect(
      errorOf(await call(t, demo.mia, 'POST', avatarUrl(), { file: TINY_PNG.toString('base64') })),
    ).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'file', message: 'PNG, JPG only' }],
    });
  });

  it("is the user's own only: someone else's avatar is 403 1700", async () => {
    const url = `/api/v1/collab/${refOf(demo.oliviaAcme)}/users/${demo.miaAcme.id}/avatar`;
    expect(errorOf(await upload(demo.olivia, url, TINY_PNG))).toEqual({
      status: 403,
      code: 1700,
      data: null,
    });
    expect(errorOf(await call(t, demo.olivia, 'DELETE', url))).toEqual({
      status: 403,
      code: 1700,
      data: null,
    });
  });
});

describe('team logo', () => {
  it('the owner uploads, replaces and removes it; Team.logo follows, old files are deleted', async () => {
    const first = await upload(demo.olivia, logoUrl(), TINY_JPEG, {
      filename: 'logo.jpeg',
      contentType: 'image/jpeg',
    });
    const logo = first.json<Team>().logo as string;
    expect(logo).toMatch(/^\/api\/v1\/avatars\/[A-Za-z0-9_-]{43}\.jpg$/);
    expect(first.json<Team>()).toMatchObject({ id: demo.oliviaAcme.teamId, name: demoTeams.acme.name });
    const second = await upload(demo.olivia, logoUrl(), TINY_PNG);
    const replaced = second.json<Team>().logo as string;
    expect(t.storage.files.has(keyOf(logo))).toBe(false);
    expect(t.storage.files.has(keyOf(replaced))).toBe(true);
    const removed = await call(t, demo.olivia, 'DELETE', logoUrl());
    expect(removed.json<Team>().logo).toBeNull();
    expect(t.storage.files.has(keyOf(replaced))).toBe(false);
    // Removing again is fine and records nothing more.
    await call(t, demo.olivia, 'DELETE', logoUrl());
    const events = (
      await call(t, demo.olivia, 'GET', `/api/v3/collab/${refOf(demo.oliviaAcme)}/events`)
    ).json<TeamEvent[]>();
    expect(events.filter((e) => e.type === 'team.logo_changed').map((e) => e.data)).toEqual([
      { actor: { id: demo.oliviaAcme.id, email: demo.oliviaAcme.email }, removed: false },
      { actor: { id: demo.oliviaAcme.id, email: demo.oliviaAcme.email }, removed: false },
      { actor: { id: demo.oliviaAcme.id, email: demo.oliviaAcme.email }, removed: true },
    ]);
  });
});

describe('GET /api/v1/avatars/{avatar}', () => {
  it.each(['nope', '..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(43)}.png`, `${'a'.repeat(43)}.exe`])(
    'answers 404 2200 for %s',
    async (key) => {
      expect(errorOf(await t.app.inject({ url: `/api/v1/avatars/${key}` }))).toEqual({
        status: 404,
        code: 2200,
        data: null,
      });
    },
  );
});

describe('local file storage', () => {
  it('keeps files under random keys in its folder, and never reaches outside it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'spark-storage-'));
    try {
      const storage = createLocalFileStorage(path.join(dir, 'storage'));
      const a = await storage.put(TINY_PNG, 'image/png');
      const b = await storage.put(TINY_PNG, 'image/png');
      expect(a).toMatch(/^[A-Za-z0-9_-]{43}\.png$/);
      expect(a).not.toBe(b);
      expect(await storage.get(a)).toEqual({ bytes: TINY_PNG, contentType: 'image/png' });
      expect(await readdir(path.join(dir, 'storage'))).toHaveLength(2);
      expect((await stat(path.join(dir, 'storage', a))).mode & 0o777).toBe(0o600);
      for (const bad of ['../secret.png', `../${b}`, `/${a}`, a.replace('.png', '.jpg'), '']) {
        expect(await storage.get(bad), bad).toBeNull();
        await storage.delete(bad);
      }
      expect(await storage.get(b)).not.toBeNull();
      await storage.delete(a);
      expect(await storage.get(a)).toBeNull();
      await storage.delete(a);
      await expect(storage.put(Buffer.from('x'), 'text/html')).rejects.toThrow(/Cannot store/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
