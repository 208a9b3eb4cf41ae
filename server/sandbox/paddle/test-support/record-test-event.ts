import type { Db } from '../../../src/db/db';
import type { PaddleSandboxConfig } from '../context';
import { type PaddleEvent, recordEvent } from '../events';

/** Records an event as the sandbox's changes do (recordEvent, in a transaction), for tests. */
export async function recordTestEvent(db: Db, eventType: string, data: unknown): Promise<PaddleEvent> {
  const [keys] = await db.query<{ notification_setting_id: string }>(
    'SELECT notification_setting_id FROM paddle_sandbox_keys',
  );
  const config = {
    notificationSettingId: keys?.notification_setting_id,
    realNow: () => new Date(),
  } as PaddleSandboxConfig;
  return db.transaction((tx) => recordEvent({ tx, config, requestId: 'test', notes: [] }, eventType, data));
}
