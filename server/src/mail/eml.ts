// Just enough of RFC 822/2047/2045 to read back the single-part text mails the outbox holds.

export interface ParsedMail {
  headers: Map<string, string>;
  text: string;
}

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** Quoted-printable: soft line breaks removed, =XX turned back into bytes. */
export function decodeQuotedPrintable(text: string, charset = 'utf-8'): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return decodeBytes(Buffer.from(bytes), charset);
}

const ENCODED_WORD = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;

/** Header values with RFC 2047 encoded words ('=?UTF-8?Q?Acme_Inc?='), whitespace between words dropped. */
export function decodeHeaderValue(value: string): string {
  const adjacent = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return adjacent.replace(ENCODED_WORD, (_word, charset: string, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? decodeBytes(Buffer.from(data, 'base64'), charset)
      : decodeQuotedPrintable(data.replaceAll('_', ' '), charset),
  );
}

/** Headers (lower-case names, folded lines joined, words decoded) and the decoded text body. */
export function parseEml(source: string): ParsedMail {
  const split = /\r?\n\r?\n/.exec(source);
  const head = split ? source.slice(0, split.index) : source;
  const body = split ? source.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeHeaderValue(line.slice(colon + 1).trim()));
  }
  const charset = /charset="?([^";\s]+)"?/i.exec(headers.get('content-type') ?? '')?.[1] ?? 'utf-8';
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body, charset)
      : encoding === 'base64'
        ? decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset)
        : body;
  return { headers, text: text.replace(/\r\n/g, '\n') };
}
