import { listOutbox } from '../mail/outbox';

/** `outbox`: one block per message, newest first; the acceptance link indented under its mail. */
export async function printOutbox(dir: string, limit: number): Promise<string> {
  const entries = await listOutbox(dir);
  if (entries.length === 0) return `The outbox is empty (${dir}).\n`;
  const shown = entries.slice(0, limit);
  const lines = [`${entries.length} message(s) in ${dir}, newest first:`, ''];
  for (const entry of shown) {
    const date = entry.date
      ? entry.date
          .toISOString()
          .replace('T', ' ')
          .replace(/\.\d+Z$/, 'Z')
      : '?';
    lines.push(`${date}  ${entry.to}  ${entry.subject}`);
    if (entry.link) lines.push(`    ${entry.link}`);
  }
  if (shown.length < entries.length) lines.push('', `(${entries.length - shown.length} older not shown)`);
  return `${lines.join('\n')}\n`;
}
