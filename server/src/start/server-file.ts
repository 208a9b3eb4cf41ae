import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR/server.json says which process owns the embedded database folder right now (PGlite is one
 * process per folder). The server holds it while it runs and publishes where it listens and the
 * per-start secret for the CLI; the CLI holds it briefly when it opens the folder itself.
 */
export interface ServerFile {
  pid: number;
  role: 'server' | 'cli';
  /** Where the CLI reaches the server (loopback); null while the server is still starting. */
  url: string | null;
  /** The server's base for links (PUBLIC_URL or its own address). */
  publicUrl: string | null;
  cliSecret: string | null;
  startedAt: string;
}

export function serverFilePath(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): ServerFile | null {
  try {
    const value = JSON.parse(text) as ServerFile;
    return Number.isInteger(value.pid) && value.pid > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The current owner, or null when nobody (alive) holds the folder. */
export async function readServerFile(dataDir: string): Promise<ServerFile | null> {
  try {
    const owner = parse(await readFile(serverFilePath(dataDir), 'utf8'));
    return owner && isPidAlive(owner.pid) ? owner : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export interface DataDirClaim {
  /** Rewrites the file (atomically) with some fields changed. */
  update(patch: Partial<ServerFile>): Promise<void>;
  /** Removes the file if it is still ours. */
  release(): Promise<void>;
  /** The same, for process 'exit' handlers where nothing async runs. */
  releaseSync(): void;
}

async function writeAtomically(file: string, content: ServerFile, exclusive: boolean): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  try {
    // link() fails when the target exists: an exclusive create that never exposes a half-written file.
    if (exclusive) await link(temp, file);
    else await rename(temp, file);
  } finally {
    await unlink(temp).catch(() => {});
  }
}

/**
 * Takes the folder for this process, or returns the live owner that holds it. A file left behind
 * by a process that died is taken over.
 */
export async function claimDataDir(
  dataDir: string,
  entry: Omit<ServerFile, 'pid' | 'startedAt'>,
): Promise<DataDirClaim | { busy: ServerFile }> {
  await mkdir(dataDir, { recursive: true });
  const file = serverFilePath(dataDir);
  let content: ServerFile = { pid: process.pid, startedAt: new Date().toISOString(), ...entry };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeAtomically(file, content, true);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readServerFile(dataDir);
      if (owner && owner.pid !== process.pid) return { busy: owner };
      // Stale (its process is gone) or unreadable: remove it and try again.
      await unlink(file).catch(() => {});
      continue;
    }
    const isOurs = () => {
      try {
        return parse(readFileSync(file, 'utf8'))?.pid === process.pid;
      } catch {
        return false;
      }
    };
    return {
      async update(patch) {
        content = { ...content, ...patch };
        await writeAtomically(file, content, false);
      },
      async release() {
        if (isOurs()) await unlink(file).catch(() => {});
      },
      releaseSync() {
        if (!isOurs()) return;
        try {
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      },
    };
  }
  throw new Error(`Could not take ${file}`);
}
