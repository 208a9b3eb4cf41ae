// The public file page's file, asked for as the console opens on /public-files/{fileKey}?s= (the
// root route, as the first page's chunk starts loading): the page would ask only once its chunk is
// in and its first render painted, then lay the card out a round trip later, after the page's first
// paint. Answered by then, the file is in the page's first render: one paint, with the card
// (decision 040). A mangled link is never asked for, as the page's own flow never asks for one.
// The page's first load takes the answer, once, and only while it is fresh. The early request is the
// request the page would make (no session, the same retries), so its failure is the page's own: the
// page shows it as it would have shown its own, with Retry asking afresh.
import type { ApiClient } from '@/api/client';
import { getPublicFile } from '@/api/public-file';
import type { PublicFile } from '@/domain/entities';
import { isWellFormedPublicFileLink } from '@/domain/public-file-link';

/** Older than this, an early answer is not taken: the page asks afresh. */
export const PUBLIC_FILE_EARLY_FRESH_MS = 5_000;

interface Early {
  key: string;
  askedAt: number;
  answer: Promise<PublicFile>;
  /** Set once the answer is in: the page's first render can show it at once. */
  file: PublicFile | null;
}

let early: Early | null = null;

const PUBLIC_FILE_PAGE = /^\/public-files\/([^/]+)\/?$/;
const keyOf = (fileKey: string, secret: string) => `${fileKey}?s=${secret}`;

/** Asks for the file of a well-formed link; a mangled one asks nothing (the page shows it invalid). */
export function askPublicFileEarly(api: ApiClient, fileKey: string, secret: string | null, now = Date.now()) {
  if (!secret || !isWellFormedPublicFileLink(fileKey, secret)) return;
  const entry: Early = {
    key: keyOf(fileKey, secret),
    askedAt: now,
    answer: getPublicFile(api, fileKey, secret),
    file: null,
  };
  entry.answer.then(
    (file) => {
      entry.file = file;
    },
    // Only the page's load reads it; until then a failure must not surface as an unhandled one.
    () => {},
  );
  early = entry;
}

/** The app clients that asked already: a console asks at its start only, not when rendered again. */
const started = new WeakSet<ApiClient>();

/**
 * As a console starts: asks early when it opens on a public file page (`location`), else nothing.
 * Once per console (its API client): React may run a first render twice (StrictMode in development).
 */
export function askPublicFileEarlyOn(
  api: ApiClient,
  location: { pathname: string; search: string },
  now = Date.now(),
): void {
  if (started.has(api)) return;
  started.add(api);
  const fileKey = PUBLIC_FILE_PAGE.exec(location.pathname)?.[1];
  if (fileKey) askPublicFileEarly(api, fileKey, new URLSearchParams(location.search).get('s'), now);
}

/** What the page's first load takes: the file itself once it is in, else the answer to wait for. */
export type EarlyPublicFile = { file: PublicFile } | { answer: Promise<PublicFile> };

/**
 * The early file for this link, once: null when none was asked for, it is for another link, or it
 * is stale. An answer still on its way, or failed, is the one to wait for.
 */
export function takePublicFileEarly(
  fileKey: string | undefined,
  secret: string | null,
  now = Date.now(),
): EarlyPublicFile | null {
  const entry = early;
  early = null;
  if (!entry || !fileKey || !secret || entry.key !== keyOf(fileKey, secret)) return null;
  if (now - entry.askedAt > PUBLIC_FILE_EARLY_FRESH_MS) return null;
  return entry.file ? { file: entry.file } : { answer: entry.answer };
}
