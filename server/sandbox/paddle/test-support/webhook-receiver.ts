import Fastify from 'fastify';

export interface ReceivedWebhook {
  signature: string;
  userAgent: string;
  /** The raw body, as a receiver must verify it. */
  body: string;
  /** When it arrived (ms since the epoch): a signature is checked against the time it was received. */
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** What the receiver answers next; a delay in ms makes it slower than the sandbox waits. */
  respond: { status: number; delayMs: number; failWhen: ((body: string) => boolean) | null };
  close(): Promise<void>;
}

/** A webhook destination of its own for tests: it keeps every POST and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const app = Fastify({ logger: false });
  const received: ReceivedWebhook[] = [];
  const respond: WebhookReceiver['respond'] = { status: 200, delayMs: 0, failWhen: null };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/hooks', async (request, reply) => {
    received.push({
      signature: String(request.headers['paddle-signature'] ?? ''),
      userAgent: String(request.headers['user-agent'] ?? ''),
      body: String(request.body),
      receivedAt: Date.now(),
    });
    if (respond.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, respond.delayMs));
    const status = respond.failWhen?.(String(request.body)) ? 500 : respond.status;
    return reply.code(status).send({ ok: status < 300 });
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${base}/hooks`, received, respond, close: () => app.close() };
}
