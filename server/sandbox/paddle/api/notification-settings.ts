import { invalidField, notFound } from '../errors';
import { type Body, oneOf, optionalText } from '../fields';
import { EVENT_TYPE_NAMES } from '../notifications/event-types';
import { readChoices, type SettingChoices, settingEntity, writeChoices } from '../notifications/setting';
import { paginate } from '../pagination';
import type { RouteDef } from '../router';

function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidField(field, 'must be a boolean');
  return value;
}

function subscribedEvents(body: Body): string[] | undefined {
  const value = body.subscribed_events;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((name) => typeof name !== 'string'))
    throw invalidField('subscribed_events', 'must be an array of event type names');
  const unknown = value.find((name) => !EVENT_TYPE_NAMES.includes(name));
  if (unknown !== undefined) throw invalidField('subscribed_events', `unknown event type ${unknown}`);
  return [...new Set(value as string[])];
}

function changedChoices(body: Body, choices: SettingChoices): SettingChoices {
  // The destination, type and secret belong to the sandbox: it delivers to the product's own address.
  for (const field of ['destination', 'type', 'endpoint_secret_key'] as const) {
    if (body[field] !== undefined) throw invalidField(field, 'cannot be changed in the sandbox');
  }
  const apiVersion = body.api_version;
  if (apiVersion !== undefined && apiVersion !== 1) throw invalidField('api_version', 'must be 1');
  return {
    description: optionalText(body, 'description') ?? choices.description,
    active: optionalBoolean(body, 'active') ?? choices.active,
    include_sensitive_fields:
      optionalBoolean(body, 'include_sensitive_fields') ?? choices.include_sensitive_fields,
    subscribed_events: subscribedEvents(body) ?? choices.subscribed_events,
    traffic_source:
      oneOf(body, 'traffic_source', ['platform', 'simulation', 'all'] as const) ?? choices.traffic_source,
  };
}

/** The sandbox's one notification setting: its destination is where the sandbox delivers webhooks. */
export function notificationSettingRoutes(webhookUrl: () => string): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/notification-settings',
      async handler(ctx, { query, url }) {
        return paginate([settingEntity(ctx.config, webhookUrl(), await readChoices(ctx.tx))], query, url);
      },
    },
    {
      method: 'GET',
      path: '/notification-settings/:setting_id',
      async handler(ctx, { params }) {
        if (params.setting_id !== ctx.config.notificationSettingId)
          throw notFound('Notification setting', params.setting_id ?? '');
        return { data: settingEntity(ctx.config, webhookUrl(), await readChoices(ctx.tx)) };
      },
    },
    {
      method: 'PATCH',
      path: '/notification-settings/:setting_id',
      async handler(ctx, { params, body }) {
        if (params.setting_id !== ctx.config.notificationSettingId)
          throw notFound('Notification setting', params.setting_id ?? '');
        const choices = changedChoices(body, await readChoices(ctx.tx));
        await writeChoices(ctx.tx, choices);
        return { data: settingEntity(ctx.config, webhookUrl(), choices) };
      },
    },
  ];
}
