import type { Queryable } from '../../src/db/db';

type Payload = Record<string, unknown> & { uid?: string; grantId?: string; userCode?: string };

/**
 * oidc-provider's storage adapter on the app's database (its default keeps everything in one
 * process's memory, which breaks as soon as two servers share the work). One class per provider.
 */
export function pgAdapter(db: Queryable, prefix: string) {
  return class PgAdapter {
    readonly model: string;

    constructor(model: string) {
      this.model = `${prefix}:${model}`;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await db.query(
        `INSERT INTO identity_sandbox_objects (model, id, payload, uid, grant_id, user_code, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = $3, uid = $4, grant_id = $5, user_code = $6,
           expires_at = $7`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.uid ?? null,
          payload.grantId ?? null,
          payload.userCode ?? null,
          expiresAt,
        ],
      );
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
      const [row] = await db.query<{ payload: Payload }>(
        `SELECT payload FROM identity_sandbox_objects
         WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      return row?.payload ?? undefined;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.query(
        `UPDATE identity_sandbox_objects
         SET payload = payload || jsonb_build_object('consumed', extract(epoch FROM now())::int)
         WHERE model = $1 AND id = $2`,
        [this.model, id],
      );
    }

    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM identity_sandbox_objects WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM identity_sandbox_objects WHERE starts_with(model, $1) AND grant_id = $2', [
        `${prefix}:`,
        grantId,
      ]);
    }
  };
}
