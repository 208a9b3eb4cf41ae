/**
 * Gathers the calls made in one turn of the event loop into one batch, DataLoader-style: a call waits
 * for the end of the turn it was made in (a `setImmediate`), or, while `maxInFlight` batches are
 * already out, until one of them is back; everything asked meanwhile goes out together. A batch of
 * one goes through `runOne`, so a lone call runs exactly as it would without the batcher.
 *
 * Every call gets the answer it would have had alone: when a batch fails, each of its calls is run
 * again alone through `runOne` and settles with that run's result or error. Nothing is kept between
 * batches; no answer is ever reused for a later call.
 */
export interface TurnBatcherOptions<In, Out> {
  /** One answer per input, in the inputs' order. */
  runBatch: (inputs: In[]) => Promise<Out[]>;
  /** The same answer for one input alone. */
  runOne: (input: In) => Promise<Out>;
  /** Batches out at once; calls made while all are out wait for the next. */
  maxInFlight: number;
  /** The most calls in one batch; more wait for the next. */
  maxBatchSize: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

export function createTurnBatcher<In, Out>(
  options: TurnBatcherOptions<In, Out>,
): (input: In) => Promise<Out> {
  const { runBatch, runOne, maxInFlight, maxBatchSize } = options;
  let waiting: Waiting<In, Out>[] = [];
  let inFlight = 0;
  let scheduled = false;

  function settleAlone(call: Waiting<In, Out>): Promise<void> {
    return runOne(call.input).then(call.resolve, call.reject);
  }

  async function run(batch: Waiting<In, Out>[]): Promise<void> {
    if (batch.length === 1) return settleAlone(batch[0] as Waiting<In, Out>);
    let outputs: Out[];
    try {
      outputs = await runBatch(batch.map((call) => call.input));
      if (outputs.length !== batch.length) throw new Error('a batch answers once per input');
    } catch {
      // Whatever failed the batch (the database, or one input it refused) reaches each call only as
      // it would have alone.
      await Promise.all(batch.map(settleAlone));
      return;
    }
    for (const [i, call] of batch.entries()) call.resolve(outputs[i] as Out);
  }

  function sendWaiting(): void {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.slice(0, maxBatchSize);
      waiting = waiting.slice(batch.length);
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(sendWaiting);
  }

  return (input: In) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      schedule();
    });
}
