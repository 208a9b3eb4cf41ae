import type Stripe from 'stripe';
import { sandboxNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam, resourceMissing } from '../errors';
import { emit } from '../events';
import { newId, randomToken } from '../ids';
import { paginate } from '../lists';
import { int, metadata, obj, reqStr, str, strings } from '../params';
import type { RouteDef } from '../router';
import { get, list, put, remove } from '../store';
import { retrieve, urlObject } from './retrieve';

/** Test clocks, events and webhook endpoints. */

/**
 * Starts advancing a test clock: it answers `advancing` at once, as Stripe does, and the due work
 * runs after this request commits (finishAdvancingClocks), so callers poll until it is `ready`.
 */
export async function advanceTestClock(
  ctx: Ctx,
  id: string,
  frozenTime: number,
): Promise<Stripe.TestHelpers.TestClock> {
  const clock = await get<Stripe.TestHelpers.TestClock>(ctx, id, 'test_helpers.test_clock');
  if (clock.status === 'advancing')
    throw invalidRequest('The test clock is currently advancing. Wait until it is ready.', 'frozen_time');
  if (frozenTime <= clock.frozen_time) {
    throw invalidRequest('The test clock can only be advanced forward in time.', 'frozen_time');
  }
  const advancing: Stripe.TestHelpers.TestClock = {
    ...clock,
    status: 'advancing',
    status_details: { advancing: { target_frozen_time: frozenTime } },
  };
  await put(ctx, advancing);
  await emit(ctx, 'test_helpers.test_clock.advancing', advancing);
  ctx.clockAdvancing = true;
  return advancing;
}

interface EventRow {
  data: Stripe.Event;
}

export const clockAndEventRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/test_helpers/test_clocks',
    auth: 'secret',
    accepts: ['frozen_time', 'name'],
    async handler(ctx, { params }) {
      const frozenTime = int(params, 'frozen_time');
      if (frozenTime === undefined) throw missingParam('frozen_time');
      const now = await sandboxNow(ctx);
      const clock: Stripe.TestHelpers.TestClock = {
        id: newId('clock'),
        object: 'test_helpers.test_clock',
        created: now,
        deletes_after: now + 30 * 86_400,
        frozen_time: frozenTime,
        livemode: false,
        name: str(params, 'name') ?? null,
        status: 'ready',
        status_details: {},
      };
      await put(ctx, clock);
      await emit(ctx, 'test_helpers.test_clock.created', clock);
      return clock;
    },
  },
  {
    method: 'GET',
    path: '/v1/test_helpers/test_clocks/:id',
    auth: 'secret',
    handler: retrieve('test_helpers.test_clock'),
  },
  {
    method: 'GET',
    path: '/v1/test_helpers/test_clocks',
    auth: 'secret',
    async handler(ctx, { params }) {
      return paginate(
        await list<Stripe.TestHelpers.TestClock>(ctx, 'test_helpers.test_clock'),
        params,
        '/v1/test_helpers/test_clocks',
      );
    },
  },
  {
    method: 'POST',
    path: '/v1/test_helpers/test_clocks/:id/advance',
    auth: 'secret',
    accepts: ['frozen_time'],
    async handler(ctx, { path, params }) {
      const frozenTime = int(params, 'frozen_time');
      if (frozenTime === undefined) throw missingParam('frozen_time');
      return advanceTestClock(ctx, path.id ?? '', frozenTime);
    },
  },
  {
    method: 'DELETE',
    path: '/v1/test_helpers/test_clocks/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const clock = await urlObject<Stripe.TestHelpers.TestClock>(ctx, path, 'test_helpers.test_clock');
      // Stripe deletes the clock's customers with it; their subscriptions end.
      for (const customer of (await list<Stripe.Customer>(ctx, 'customer')).filter(
        (c) => c.test_clock === clock.id,
      )) {
        for (const sub of await list<Stripe.Subscription>(ctx, 'subscription', customer.id)) {
          if (sub.status !== 'canceled')
            await put(ctx, { ...sub, status: 'canceled', ended_at: clock.frozen_time });
        }
        await remove(ctx, customer.id);
        await put(ctx, { id: customer.id, object: 'deleted_customer' });
      }
      await remove(ctx, clock.id);
      await emit(ctx, 'test_helpers.test_clock.deleted', clock);
      return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const rows = await ctx.tx.query<EventRow>('SELECT data FROM stripe_sandbox_events WHERE id = $1', [
        path.id,
      ]);
      if (!rows[0]) throw resourceMissing('event', path.id ?? '');
      return rows[0].data;
    },
  },
  {
    method: 'GET',
    path: '/v1/events',
    auth: 'secret',
    async handler(ctx, { params }) {
      const type = str(params, 'type');
      const types = strings(params, 'types');
      const created = obj(params, 'created');
      const gte = created ? int(created, 'gte') : int(params, 'created');
      const lte = created ? int(created, 'lte') : undefined;
      const rows = await ctx.tx.query<EventRow>('SELECT data FROM stripe_sandbox_events ORDER BY seq DESC');
      const matches = (pattern: string, t: string) =>
        pattern.endsWith('.*') ? t.startsWith(pattern.slice(0, -1)) : pattern === t;
      const events = rows
        .map((row) => row.data)
        .filter(
          (e) =>
            (!type || matches(type, e.type)) &&
            (!types || types.some((t) => matches(t, e.type))) &&
            (gte === undefined || e.created >= gte) &&
            (lte === undefined || e.created <= lte),
        );
      return paginate(events, params, '/v1/events');
    },
  },
  {
    method: 'POST',
    path: '/v1/webhook_endpoints',
    auth: 'secret',
    accepts: ['url', 'enabled_events', 'description', 'metadata', 'api_version', 'connect'],
    async handler(ctx, { params }) {
      const url = reqStr(params, 'url');
      const events = strings(params, 'enabled_events');
      if (!events || events.length === 0) throw missingParam('enabled_events');
      const endpoint: Stripe.WebhookEndpoint = {
        id: newId('we'),
        object: 'webhook_endpoint',
        api_version: str(params, 'api_version') ?? null,
        application: null,
        created: await sandboxNow(ctx),
        description: str(params, 'description') ?? null,
        enabled_events: events,
        livemode: false,
        metadata: metadata(params),
        secret: `whsec_${randomToken(32)}`,
        status: 'enabled',
        url,
      };
      return put(ctx, endpoint);
    },
  },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const { secret: _secret, ...endpoint } = await get<Stripe.WebhookEndpoint>(
        ctx,
        path.id ?? '',
        'webhook_endpoint',
      );
      return endpoint;
    },
  },
  {
    method: 'POST',
    path: '/v1/webhook_endpoints/:id',
    auth: 'secret',
    accepts: ['url', 'enabled_events', 'description', 'metadata', 'disabled'],
    async handler(ctx, { path, params }) {
      const endpoint = await urlObject<Stripe.WebhookEndpoint>(ctx, path, 'webhook_endpoint');
      const disabled = str(params, 'disabled');
      const next: Stripe.WebhookEndpoint = {
        ...endpoint,
        url: str(params, 'url') ?? endpoint.url,
        enabled_events: strings(params, 'enabled_events') ?? endpoint.enabled_events,
        description: str(params, 'description') ?? endpoint.description,
        metadata: metadata(params, endpoint.metadata),
        status: disabled === undefined ? endpoint.status : disabled === 'true' ? 'disabled' : 'enabled',
      };
      await put(ctx, next);
      const { secret: _secret, ...shown } = next;
      return shown;
    },
  },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints',
    auth: 'secret',
    async handler(ctx, { params }) {
      const endpoints = (await list<Stripe.WebhookEndpoint>(ctx, 'webhook_endpoint')).map(
        ({ secret: _s, ...e }) => e,
      );
      return paginate(endpoints, params, '/v1/webhook_endpoints');
    },
  },
  {
    method: 'DELETE',
    path: '/v1/webhook_endpoints/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const endpoint = await urlObject<Stripe.WebhookEndpoint>(ctx, path, 'webhook_endpoint');
      await remove(ctx, endpoint.id);
      return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
    },
  },
];
