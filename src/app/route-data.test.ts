import { createRouteDataStore, ROUTE_DATA_FRESH_MS } from './route-data';

/** A store on a clock the test moves. */
function storeAt(start = 1_000) {
  const clock = { now: start };
  return { store: createRouteDataStore(() => clock.now), clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const notAskedAgain = () => Promise.reject(new Error('asked again'));

describe('the routes’ first-load answers', () => {
  it('asks once for a key while its answer is on its way or fresh', async () => {
    const { store, clock } = storeAt();
    const ask = vi.fn(async () => 'members');
    store.ensure('members:3-7', ask);
    store.ensure('members:3-7', ask);
    await settle();
    clock.now += ROUTE_DATA_FRESH_MS;
    store.ensure('members:3-7', ask);
    expect(ask).toHaveBeenCalledTimes(1);
    // In for longer than the fresh time: asked afresh.
    clock.now += 1;
    store.ensure('members:3-7', ask);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('lets a render peek at an answer that is in, as often as it renders, and a load take it once', async () => {
    const { store } = storeAt();
    store.ensure('team:3-7', async () => ({ name: 'Acme' }));
    expect(store.peek('team:3-7')).toBeNull();
    await settle();
    expect(store.peek('team:3-7')).toEqual({ value: { name: 'Acme' } });
    expect(store.peek('team:3-7')).toEqual({ value: { name: 'Acme' } });
    await expect(store.take('team:3-7', notAskedAgain)).resolves.toEqual({ name: 'Acme' });
    expect(store.take('team:3-7', notAskedAgain)).toBeNull();
    expect(store.peek('team:3-7')).toBeNull();
  });

  it('gives the answer on its way to the first load, however long it takes to come', async () => {
    const { store, clock } = storeAt();
    let answer = (_value: string) => {};
    store.ensure('billing:3-7', () => new Promise<string>((resolve) => (answer = resolve)));
    clock.now += 10 * ROUTE_DATA_FRESH_MS;
    const taken = store.take('billing:3-7', notAskedAgain);
    answer('billing');
    await expect(taken).resolves.toBe('billing');
  });

  it('gives nothing once an answer has been in for longer than the fresh time', async () => {
    const { store, clock } = storeAt();
    store.ensure('profile:me', async () => 'olivia');
    await settle();
    clock.now += ROUTE_DATA_FRESH_MS + 1;
    expect(store.peek('profile:me')).toBeNull();
    expect(store.take('profile:me', notAskedAgain)).toBeNull();
  });

  it('hands a failed answer to the load’s askAgain, and never surfaces it unhandled', async () => {
    const { store } = storeAt();
    store.ensure('team:3-7', () => Promise.reject(new Error('503')));
    await settle();
    expect(store.peek('team:3-7')).toBeNull();
    const askAgain = vi.fn(async (failure: unknown) => `again after ${(failure as Error).message}`);
    await expect(store.take('team:3-7', askAgain)).resolves.toBe('again after 503');
  });

  it('asks again for a key whose answer failed: a failure is never reused', async () => {
    const { store } = storeAt();
    store.ensure('members:3-7', () => Promise.reject(new Error('401')));
    await settle();
    const ask = vi.fn(async () => 'members');
    store.ensure('members:3-7', ask);
    expect(ask).toHaveBeenCalledTimes(1);
    await expect(store.take('members:3-7', () => Promise.reject(new Error('asked again')))).resolves.toBe(
      'members',
    );
  });

  it('forgets an answer a page has started with, so the next mount asks afresh', async () => {
    const { store } = storeAt();
    store.ensure('team:3-7', async () => 'Acme');
    await settle();
    store.forget('team:3-7');
    expect(store.peek('team:3-7')).toBeNull();
    expect(store.take('team:3-7', notAskedAgain)).toBeNull();
  });
});
