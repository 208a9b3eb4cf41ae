import { createHmac } from 'node:crypto';

/**
 * The `Paddle-Signature` header as Paddle sends it: `ts=<unix seconds>;h1=<hex HMAC-SHA256 of
 * "ts:body">` keyed with the notification setting's secret. The SDK's `webhooks.unmarshal` refuses a
 * ts more than 5 seconds old, so each delivery attempt is signed afresh, with real time (never the
 * sandbox clock, which `cli sandbox advance` moves ahead).
 */
export function paddleSignature(secret: string, body: string, nowMs: number = Date.now()): string {
  const ts = Math.floor(nowMs / 1000);
  const h1 = createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex');
  return `ts=${ts};h1=${h1}`;
}
