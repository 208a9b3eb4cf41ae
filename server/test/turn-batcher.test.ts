// No Postgres database: the batcher alone, over stand-in functions.
import { describe, expect, it } from 'vitest';
import { createTurnBatcher } from '../src/db/turn-batcher';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A batcher over doubling, recording each batch and each lone run; `hold` keeps batches out until released. */
function doubling(options: { maxInFlight?: number; maxBatchSize?: number; failBatch?: boolean } = {}) {
  const batches: number[][] = [];
  const lone: number[] = [];
  let releases: (() => void)[] = [];
  let holding = false;
  const waitIfHeld = () =>
    holding ? new Promise<void>((resolve) => releases.push(resolve)) : Promise.resolve();
  const batcher = createTurnBatcher<number, number>({
    runBatch: async (inputs) => {
      batches.push(inputs);
      await waitIfHeld();
      if (options.failBatch) throw new Error('batch failed');
      return inputs.map((n) => n * 2);
    },
    runOne: async (input) => {
      lone.push(input);
      await waitIfHeld();
      if (input < 0) throw new Error(`refused ${input}`);
      return input * 2;
    },
    maxInFlight: options.maxInFlight ?? 1,
    maxBatchSize: options.maxBatchSize ?? 100,
  });
  return {
    batcher,
    batches,
    lone,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const resolve of releases) resolve();
      releases = [];
    },
  };
}

describe('createTurnBatcher', () => {
  it('runs a lone call alone, at the end of its turn', async () => {
    const { batcher, batches, lone } = doubling();
    const answer = batcher(21);
    expect(lone).toEqual([]);
    await nextTurn();
    expect(lone).toEqual([21]);
    expect(batches).toEqual([]);
    expect(await answer).toBe(42);
  });

  it('sends the calls of one turn as one batch, each answered with its own result', async () => {
    const { batcher, batches, lone } = doubling();
    const answers = await Promise.all([3, 1, 2, 3].map(batcher));
    expect(answers).toEqual([6, 2, 4, 6]);
    expect(batches).toEqual([[3, 1, 2, 3]]);
    expect(lone).toEqual([]);
  });

  it('gathers the calls made while a batch is out, over several turns, into the next one', async () => {
    const { batcher, batches, hold, release } = doubling();
    hold();
    const first = [batcher(1), batcher(2)];
    await nextTurn();
    const second = [batcher(3)];
    await nextTurn();
    second.push(batcher(4), batcher(5));
    await nextTurn();
    expect(batches).toEqual([[1, 2]]);
    release();
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('sends up to maxInFlight batches at once, and no batch above maxBatchSize', async () => {
    const { batcher, batches, hold, release } = doubling({ maxInFlight: 2, maxBatchSize: 3 });
    hold();
    const answers = [1, 2, 3, 4, 5, 6, 7, 8].map(batcher);
    await nextTurn();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    release();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
  });

  it('when a batch fails, runs each call alone: each settles as it would have alone', async () => {
    const { batcher, batches, lone } = doubling({ failBatch: true });
    const settled = await Promise.allSettled([1, -2, 3].map(batcher));
    expect(batches).toEqual([[1, -2, 3]]);
    expect(lone).toEqual([1, -2, 3]);
    expect(settled).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('refused -2') },
      { status: 'fulfilled', value: 6 },
    ]);
    // The batcher goes on after a failure.
    expect(await batcher(5)).toBe(10);
  });

  it('treats a batch that answers the wrong number of times as failed', async () => {
    const lone: number[] = [];
    const batcher = createTurnBatcher<number, number>({
      runBatch: async (inputs) => inputs.slice(1),
      runOne: async (input) => {
        lone.push(input);
        return -input;
      },
      maxInFlight: 1,
      maxBatchSize: 100,
    });
    expect(await Promise.all([1, 2].map(batcher))).toEqual([-1, -2]);
    expect(lone).toEqual([1, 2]);
  });
});
