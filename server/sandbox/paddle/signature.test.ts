import { Paddle } from '@paddle/paddle-node-sdk';
import { describe, expect, it } from 'vitest';
import { paddleSignature } from './signature';

/** The webhook signature the sandbox sends, checked by the official SDK's own verifier. */
describe('Paddle-Signature', () => {
  const secret = 'pdl_ntfset_01abcdefghjkmnpqrstvwxyz0_secretsecretsecretsecretsecret12';
  const paddle = new Paddle('pdl_sdbx_apikey_unused');
  const body = JSON.stringify({
    event_id: 'evt_01hv8x2acma2gz7he4hsrm3e8n',
    event_type: 'customer.created',
    occurred_at: '2026-11-28T21:00:00.000000Z',
    notification_id: 'ntf_01hv8x2afb7p0ap4p9x2xkgw4j',
    data: {
      id: 'ctm_01hv8x2a9ynq3kq3bh5dd5kjcg',
      email: 'pat@press.test',
      name: 'Pat Press',
      status: 'active',
      marketing_consent: false,
      locale: 'en',
      custom_data: null,
      created_at: '2026-11-28T21:00:00.000000Z',
      updated_at: '2026-11-28T21:00:00.000000Z',
      import_meta: null,
    },
  });

  it('is taken by the SDK webhooks.unmarshal, which parses the event', async () => {
    const event = await paddle.webhooks.unmarshal(body, secret, paddleSignature(secret, body));
    expect(event.eventType).toBe('customer.created');
    expect(event.eventId).toBe('evt_01hv8x2acma2gz7he4hsrm3e8n');
  });

  it('is refused with another secret, another body, or once older than the SDK allows', async () => {
    const signature = paddleSignature(secret, body);
    await expect(paddle.webhooks.isSignatureValid(body, `${secret}x`, signature)).resolves.toBe(false);
    await expect(paddle.webhooks.isSignatureValid(`${body} `, secret, signature)).resolves.toBe(false);
    const stale = paddleSignature(secret, body, Date.now() - 60_000);
    await expect(paddle.webhooks.isSignatureValid(body, secret, stale)).resolves.toBe(false);
    expect(signature).toMatch(/^ts=\d{10};h1=[0-9a-f]{64}$/);
  });
});
