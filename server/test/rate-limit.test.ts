import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrator';
import { createFixedWindowLimiter } from '../src/http/fixed-window-limiter';
import { createTestClock, createTestDb, type TestDb } from './helper';

// The limiter's counters are rows, so two server processes on one database count the same hits.
let testDb: TestDb;
const clock = createTestClock();

beforeAll(async () => {
  testDb = await createTestDb();
  await migrate(testDb.db);
});
afterAll(() => testDb.close());

const limiterOn = (name = 'test') =>
  createFixedWindowLimiter({ name, limit: 5, windowMs: 60_000, clock, db: testDb.db });

describe('fixed-window limiter on the database', () => {
  it('two limiters (two servers) share one allowance per key and window', async () => {
    const [first, second] = [limiterOn(), limiterOn()];
    const answers: boolean[] = [];
    for (let i = 0; i < 8; i++) answers.push(await (i % 2 === 0 ? first : second).allow('10.0.0.1'));
    expect(answers.filter(Boolean)).toHaveLength(5);
    expect(answers.slice(5)).toEqual([false, false, false]);
    // Another key, and the same key under another limiter's name, count on their own.
    expect(await first.allow('10.0.0.2')).toBe(true);
    expect(await limiterOn('other').allow('10.0.0.1')).toBe(true);
  });

  it('hits at once are all counted (the UPSERT is atomic)', async () => {
    const limiters = [limiterOn('burst'), limiterOn('burst')];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (limiters[i % 2] as ReturnType<typeof limiterOn>).allow('k')),
    );
    expect(answers.filter(Boolean)).toHaveLength(5);
  });

  it("a new window starts a minute after the key's first hit", async () => {
    const limiter = limiterOn('window');
    for (let i = 0; i < 5; i++) expect(await limiter.allow('k')).toBe(true);
    expect(await limiter.allow('k')).toBe(false);
    clock.advance(59_000);
    expect(await limiter.allow('k')).toBe(false);
    clock.advance(1_000);
    expect(await limiter.allow('k')).toBe(true);
  });
});
