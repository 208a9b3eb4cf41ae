import { nextTask } from '@/app/next-task';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('nextTask', () => {
  it('resolves after the tasks already queued, not in a microtask of the current one', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    queueMicrotask(() => order.push('microtask'));
    await nextTask();
    order.push('after nextTask');
    expect(order).toEqual(['microtask', 'queued task', 'after nextTask']);
  });

  it("uses the browser's scheduler.yield where there is one (the continuation keeps its place)", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await nextTask();
    expect(yielded).toHaveBeenCalledTimes(1);
  });

  it('resolves at once in a hidden tab, whose timers the browser runs at most once a second', async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await nextTask();
    order.push('after nextTask');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['after nextTask', 'queued task']);
    expect(yielded).not.toHaveBeenCalled();
  });
});
