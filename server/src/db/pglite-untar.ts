import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The cached empty cluster (pglite-template.ts) is a tar from PGlite's dumpDataDir: ustar headers,
// regular files and folders, names like '/base/1/112'. PGlite can unpack it itself (loadDataDir),
// but then keeps the whole 40 MB image referenced inside its file system layer for the life of the
// process, which was a tenth of a fresh server's memory (docs/decisions/023-memory-at-rest.md). Here
// the files go straight to disk and PGlite opens them like any existing cluster.

const BLOCK = 512;

interface Entry {
  name: string;
  type: 'file' | 'dir';
  data: Buffer;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The entries of an uncompressed tar; throws on anything but plain files and folders. */
export function* tarEntries(image: Buffer): Generator<Entry> {
  for (let at = 0; at + BLOCK <= image.length; ) {
    const header = image.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return; // end of archive
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const flag = String.fromCharCode(header[156] ?? 0);
    at += BLOCK;
    if (flag === '5') yield { name, type: 'dir', data: Buffer.alloc(0) };
    else if (flag === '0' || flag === '\0') yield { name, type: 'file', data: image.subarray(at, at + size) };
    else throw new Error(`unexpected tar entry '${name}' (type ${flag})`);
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
}

/**
 * Writes the image's files under dir, owner-only. PG_VERSION, which marks a folder as a cluster
 * (openEmbeddedDb), is written last: a start killed half-way leaves a folder that is unpacked again.
 */
export async function unpackCluster(image: Buffer, dir: string): Promise<void> {
  // Names are rooted ('/base/1/112'); normalised from the root, '..' cannot climb out of dir.
  const inside = (name: string) => path.join(dir, path.posix.normalize(`/${name}`));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let version: Entry | null = null;
  for (const entry of tarEntries(image)) {
    const target = inside(entry.name);
    if (entry.type === 'dir') await mkdir(target, { recursive: true, mode: 0o700 });
    else if (path.basename(target) === 'PG_VERSION' && path.dirname(target) === dir) version = entry;
    else {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, entry.data, { mode: 0o600 });
    }
  }
  if (!version) throw new Error('not a cluster image: no PG_VERSION');
  await writeFile(inside(version.name), version.data, { mode: 0o600 });
}
