import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEml } from './eml';

export interface OutboxEntry {
  file: string;
  date: Date | null;
  to: string;
  subject: string;
  /** The invitation acceptance link (or web sign-in link) in the text, if there is one. */
  link: string | null;
  text: string;
}

const ACCEPT_LINK =
  /\bhttps?:\/\/\S+\/(?:accept-invitation|api\/v1\/auth\/web\/login\/email\/callback)\?key=[A-Za-z0-9_-]+/;

/** The outbox's messages, newest first (file names start with the time they were written). */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  files.sort().reverse();
  const entries: OutboxEntry[] = [];
  for (const file of files) {
    const mail = parseEml(await readFile(path.join(dir, file), 'utf8'));
    const date = mail.headers.get('date');
    entries.push({
      file,
      date: date && !Number.isNaN(Date.parse(date)) ? new Date(date) : null,
      to: mail.headers.get('to') ?? '',
      subject: mail.headers.get('subject') ?? '',
      link: ACCEPT_LINK.exec(mail.text)?.[0] ?? null,
      text: mail.text,
    });
  }
  return entries;
}
