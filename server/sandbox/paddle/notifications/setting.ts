import type { Queryable } from '../../../src/db/db';
import type { PaddleSandboxConfig } from '../context';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from './event-types';

/** Paddle's notification setting entity (a notification destination). */
export interface NotificationSettingEntity {
  id: string;
  description: string;
  type: 'url';
  destination: string;
  active: boolean;
  api_version: number;
  include_sensitive_fields: boolean;
  subscribed_events: EventType[];
  endpoint_secret_key: string;
  traffic_source: 'platform' | 'simulation' | 'all';
}

/** What a PATCH may change; the id, the destination and the secret are the sandbox's own. */
export interface SettingChoices {
  description: string;
  active: boolean;
  include_sensitive_fields: boolean;
  subscribed_events: string[];
  traffic_source: 'platform' | 'simulation' | 'all';
}

const STATE_KEY = 'notification_setting';

/** Until changed (and after a reset) the one setting takes every event, active. */
export const DEFAULT_CHOICES: SettingChoices = {
  description: 'Spark Teams Console',
  active: true,
  include_sensitive_fields: false,
  subscribed_events: [...EVENT_TYPE_NAMES],
  traffic_source: 'all',
};

export async function readChoices(tx: Queryable): Promise<SettingChoices> {
  const rows = await tx.query<{ value: SettingChoices }>(
    'SELECT value FROM paddle_sandbox_state WHERE key = $1',
    [STATE_KEY],
  );
  return { ...DEFAULT_CHOICES, ...(rows[0]?.value ?? {}) };
}

export async function writeChoices(tx: Queryable, choices: SettingChoices): Promise<void> {
  await tx.query(
    `INSERT INTO paddle_sandbox_state (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [STATE_KEY, JSON.stringify(choices)],
  );
}

export function settingEntity(
  config: PaddleSandboxConfig,
  destination: string,
  choices: SettingChoices,
): NotificationSettingEntity {
  return {
    id: config.notificationSettingId,
    description: choices.description,
    type: 'url',
    destination,
    active: choices.active,
    api_version: 1,
    include_sensitive_fields: choices.include_sensitive_fields,
    subscribed_events: EVENT_TYPES.filter((t) => choices.subscribed_events.includes(t.name)),
    endpoint_secret_key: config.webhookSecret,
    traffic_source: choices.traffic_source,
  };
}
