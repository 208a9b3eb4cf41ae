import { z } from 'zod';
import { MAX_ID } from './team-user-param';

// Opaque to clients: base64url of 'v1:<last id>'. Changing the format later only needs a new prefix.
const PREFIX = 'v1:';

export function encodePageToken(lastId: number): string {
  return Buffer.from(`${PREFIX}${lastId}`).toString('base64url');
}

/**
 * The `pageToken` query value: the id after which the page starts. Missing or empty is the first
 * page (0); anything we did not hand out is a validation error, 'is invalid'.
 */
export const pageTokenQuery = z
  .string()
  .optional()
  .transform((token, ctx) => {
    if (token === undefined || token === '') return 0;
    const match = /^v1:([1-9][0-9]{0,9})$/.exec(
      /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url').toString('latin1') : '',
    );
    const id = Number(match?.[1]);
    if (!match || id > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: 'is invalid' });
      return z.NEVER;
    }
    return id;
  });
