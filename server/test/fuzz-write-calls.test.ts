import { describe, expect, it } from 'vitest';
import { changedTables, checkedTables, tableChecksums } from './fuzz/db-checksum';
import { errorBodyProblem, leakIn, stringsIn } from './fuzz/response-checks';
import { runWriteFuzz } from './fuzz/run-write-fuzz';
import { writeRoutes } from './fuzz/write-calls';
import { setupTestApp } from './helper';

// fast-check over every write call (issue 14, 'Fuzzing'): a fixed seed, a few hundred cases, so a
// failure replays exactly. `npm run bench -- fuzz` runs 10,000 with a new seed each time.
// bad-input.test.ts holds the hand-picked batteries (every route, GETs too); this is the random walk.

const t = setupTestApp();

/** Change it to replay another walk; a failure prints the case. */
const SEED = 1414;
const RUNS = 300;

describe('write-call fuzz', () => {
  it('covers every POST, PUT and DELETE the app registers, read from the app itself', () => {
    const names = writeRoutes(t.app).map((route) => `${route.method} ${route.url}`);
    for (const name of [
      'POST /api/v2/auth/code',
      'PUT /api/v1/collab/teams/:teamUser',
      'DELETE /api/v1/collab/teams/:teamUser',
      'POST /api/v1/collab/teams/:teamUser/invite',
      'PUT /api/v1/collab/:teamUser/users/:id/role',
      'POST /api/v1/teams/join/:key',
      'POST /api/v1/auth/web/login/email',
    ]) {
      expect(names).toContain(name);
    }
    expect(names.some((name) => name.startsWith('GET'))).toBe(false);
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it(`${RUNS} random calls: no 5xx, no internals shown, spec error bodies, refused calls change nothing`, async () => {
    const stats = await runWriteFuzz(t, { numRuns: RUNS, seed: SEED, stop: 'first' });
    expect(stats.problems).toEqual([]);
    expect(stats.cases).toBe(RUNS);
    // The walk must reach handlers, not only bounce off validation: some calls succeed.
    const succeeded = [...stats.byStatus].filter(([status]) => status < 300).reduce((n, [, c]) => n + c, 0);
    expect(succeeded).toBeGreaterThan(RUNS / 20);
  }, 120_000);
});

describe('the fuzz checks themselves', () => {
  const response = (statusCode: number, body: unknown) =>
    ({ statusCode, body: JSON.stringify(body), json: () => body }) as unknown as Parameters<
      typeof errorBodyProblem
    >[0];

  it('refuse an error without the spec shape, and a validation error without its fields', () => {
    expect(errorBodyProblem(response(400, { errorCode: 10, errorMessage: 'x', errorData: [] }))).toBeNull();
    expect(errorBodyProblem(response(404, { message: 'Not Found' }))).toMatch(/not the error body/);
    expect(errorBodyProblem(response(400, { errorCode: 10, errorMessage: 'x', errorData: null }))).toMatch(
      /without its fields/,
    );
  });

  it('see stack frames, paths, SQL and driver messages, but not what the request itself sent', () => {
    const none = new Set<string>();
    expect(leakIn('{"errorMessage":"x","stack":"Error: x\\n    at foo (/work/a.ts:1:2)"}', none)).toMatch(
      /stack/,
    );
    expect(leakIn('{"errorMessage":"relation \\"teams\\" does not exist"}', none)).toMatch(/database/);
    expect(leakIn('{"errorMessage":"SELECT id FROM teams"}', none)).toMatch(/SQL/);
    expect(leakIn('{"errorMessage":"must be at least 3 characters"}', none)).toBeNull();
    const sent = stringsIn({ name: 'DELETE FROM teams; SELECT 1 FROM x' });
    expect(leakIn('{"name":"DELETE FROM teams; SELECT 1 FROM x"}', sent)).toBeNull();
  });

  it('tell a changed table from an unchanged one', async () => {
    const tables = await checkedTables(t.db);
    expect(tables).toContain('teams');
    expect(tables).not.toContain('rate_limit_counters');
    const before = await tableChecksums(t.db, tables);
    await t.db.query("UPDATE accounts SET full_name = full_name || '!' WHERE email = 'mia@acme.test'");
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual(['accounts']);
  });
});
