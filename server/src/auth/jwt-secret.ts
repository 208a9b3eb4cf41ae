import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError } from '../settings/config';

const MIN_SECRET_BYTES = 32;

export function jwtSecretFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'jwt-secret');
}

/**
 * The HS256 key for access tokens and auth codes: JWT_SECRET, or a random key generated once into
 * DATA_DIR (mode 0600) and reused, so tokens survive restarts and the CLI signs with the same key.
 */
export async function loadJwtSecret(config: Pick<Config, 'dataDir' | 'jwtSecret'>): Promise<Uint8Array> {
  if (config.jwtSecret !== null) {
    const key = new TextEncoder().encode(config.jwtSecret);
    if (key.length < MIN_SECRET_BYTES)
      throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
    return key;
  }
  const file = jwtSecretFile(config);
  const existing = await readSecretFile(file);
  if (existing) return existing;
  await mkdir(config.dataDir, { recursive: true });
  // Write a temp file, then link it into place: link fails if the file appeared meanwhile (a server
  // and the CLI starting together), and a reader never sees a half-written key.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
  const created = await readSecretFile(file);
  if (!created) throw new Error(`Could not read the generated key in ${file}`);
  return created;
}

async function readSecretFile(file: string): Promise<Uint8Array | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    const key = new TextEncoder().encode(text);
    if (key.length < MIN_SECRET_BYTES)
      throw new ConfigError(`${file} holds a key shorter than ${MIN_SECRET_BYTES} bytes`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
