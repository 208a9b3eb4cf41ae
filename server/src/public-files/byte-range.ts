import type { ByteRange } from '../storage/public-file-store';

export type RangeChoice = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * What to send for a Range header (RFC 9110 section 14): one range `a-b`, `a-` or the suffix `-n`.
 * Anything the server does not serve as a part (no header, another unit, several ranges, malformed)
 * gets the whole file, as the RFC allows; a well-formed range that starts past the end is
 * unsatisfiable (416).
 */
export function chooseRange(header: string | undefined, size: number): RangeChoice {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // Suffix: the last n bytes (all of them when n is larger than the file).
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end } };
}
