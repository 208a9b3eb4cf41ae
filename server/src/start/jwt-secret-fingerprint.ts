import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtSecretFile } from '../auth/jwt-secret';
import type { Queryable } from '../db/db';
import { type Config, ConfigError } from '../settings/config';

/** How an operator records a new key on purpose (the README's "Rotating JWT_SECRET"). */
export const ROTATE_COMMAND = 'npm run --silent cli -- jwt-secret rotate';

// Fixed, so every server computes the same HMAC for the same key and salt.
const LABEL = 'spark-teams-console jwt-secret fingerprint';

/**
 * An HMAC-SHA256 under the key: comparable between servers, useless for finding the key (a signed
 * token already is such an HMAC). The random salt keeps it from matching across installations.
 */
export function jwtSecretFingerprint(key: Uint8Array, salt: string): string {
  return createHmac('sha256', key).update(`${LABEL}:${salt}`).digest('base64url');
}

interface RecordedFingerprint {
  salt: string;
  fingerprint: string;
  recordedAt: Date;
}

function sameFingerprint(key: Uint8Array, row: RecordedFingerprint): boolean {
  const ours = Buffer.from(jwtSecretFingerprint(key, row.salt));
  const theirs = Buffer.from(row.fingerprint);
  return ours.length === theirs.length && timingSafeEqual(ours, theirs);
}

function mismatch(config: Pick<Config, 'jwtSecret' | 'dataDir'>, recordedAt: Date): ConfigError {
  const ours =
    config.jwtSecret !== null
      ? 'JWT_SECRET is not'
      : `JWT_SECRET is unset and the key generated in ${jwtSecretFile(config)} is not`;
  return new ConfigError(
    `${ours} the key this database's tokens are signed with (recorded ${recordedAt.toISOString()}). ` +
      'Every server on one database needs the same JWT_SECRET, or users are logged out at random. ' +
      `To change the key on purpose, run \`${ROTATE_COMMAND}\` with the new JWT_SECRET first (README: Rotating JWT_SECRET).`,
  );
}

/**
 * At start: records this key's fingerprint when the database has none (the first server; two
 * starting at once both insert and the first commit wins), else compares with the recorded one and
 * throws a ConfigError naming JWT_SECRET when they differ, so a server with another key never runs.
 */
export async function checkJwtSecretFingerprint(
  db: Queryable,
  key: Uint8Array,
  config: Pick<Config, 'jwtSecret' | 'dataDir'>,
): Promise<'recorded' | 'same'> {
  const salt = randomBytes(16).toString('base64url');
  const inserted = await db.query(
    `INSERT INTO jwt_secret_fingerprint (salt, fingerprint) VALUES ($1, $2)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [salt, jwtSecretFingerprint(key, salt)],
  );
  if (inserted.length > 0) return 'recorded';
  const [row] = await db.query<RecordedFingerprint>(
    'SELECT salt, fingerprint, recorded_at AS "recordedAt" FROM jwt_secret_fingerprint',
  );
  // Nothing deletes the row (a wipe keeps the table), so a missing one here is a bug.
  if (!row) throw new Error('jwt_secret_fingerprint: the row vanished between insert and read');
  if (sameFingerprint(key, row)) return 'same';
  throw mismatch(config, new Date(row.recordedAt));
}

/** The rotation: this key's fingerprint replaces the recorded one, whatever it was. */
export async function rotateJwtSecretFingerprint(db: Queryable, key: Uint8Array): Promise<void> {
  const salt = randomBytes(16).toString('base64url');
  await db.query(
    `INSERT INTO jwt_secret_fingerprint (salt, fingerprint) VALUES ($1, $2)
     ON CONFLICT (id) DO UPDATE SET salt = EXCLUDED.salt, fingerprint = EXCLUDED.fingerprint, recorded_at = now()`,
    [salt, jwtSecretFingerprint(key, salt)],
  );
}
