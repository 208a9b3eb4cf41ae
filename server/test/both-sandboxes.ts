interface Sandbox {
  advance(seconds: number): Promise<unknown>;
  deliverPendingWebhooks(): Promise<number>;
}

/**
 * Two servers on one database each mount their own sandbox, with its own webhook pump: a call the
 * second server's SDK makes starts a delivery pass there, in the background. Draining only the first
 * sandbox would let that delivery land in the middle of a test's next step (the write fuzz then saw a
 * refused call 'change' tables that a webhook was writing). The tests' handle is the first sandbox,
 * except that draining (and advancing, which drains) goes round both until neither delivers anything.
 */
export function drainingBoth<S extends Sandbox>(first: S, second: S): S {
  async function deliverPendingWebhooks(): Promise<number> {
    let total = 0;
    for (;;) {
      // Each drain first waits for its own pass under way, so nothing is in flight when both say 0.
      const delivered = (await first.deliverPendingWebhooks()) + (await second.deliverPendingWebhooks());
      total += delivered;
      if (delivered === 0) return total;
    }
  }
  async function advance(seconds: number) {
    const summary = await first.advance(seconds);
    await deliverPendingWebhooks();
    return summary;
  }
  // The first sandbox's own getters (its keys) and methods, these two replaced.
  return Object.assign(Object.create(first) as S, { deliverPendingWebhooks, advance });
}
