// The public file page's file, asked for as the console opens on /public-files/{fileKey}?s=
// (main.tsx), beside the page's chunk: the page would ask only once its chunk is in and its first
// render painted, then lay the card out a round trip later, after the page's first paint. Answered
// by then, the file is in the page's first render: one paint, with the card (decision 040). A
// mangled link is never asked for, as the page's own flow never asks for one.
// The page's first load takes the answer (early-answers.ts). The early request is the request the
// page would make (no session, the same retries), so its failure is the page's own: the page shows
// it as it would have shown its own, with Retry asking afresh; it is not asked again.
import type { ApiClient } from '@/api/client';
import { answerOf, type EarlyEntry, earlyAnswers } from '@/api/early-answers';
import { getPublicFile } from '@/api/public-file';
import type { PublicFile } from '@/domain/entities';
import { isWellFormedPublicFileLink } from '@/domain/public-file-link';

const early = earlyAnswers<PublicFile>();

const PUBLIC_FILE_PAGE = /^\/public-files\/([^/]+)\/?$/;
const keyOf = (fileKey: string, secret: string) => `${fileKey}?s=${secret}`;

/** Asks for the file of a well-formed link; a mangled one asks nothing (the page shows it invalid). */
export function askPublicFileEarly(api: ApiClient, fileKey: string, secret: string | null, now = Date.now()) {
  if (!secret || !isWellFormedPublicFileLink(fileKey, secret)) return;
  early.keep(keyOf(fileKey, secret), getPublicFile(api, fileKey, secret), now);
}

/** As the console starts: asks early when it opens on a public file page (`location`), else nothing. */
export function askPublicFileEarlyOn(
  api: ApiClient,
  location: { pathname: string; search: string },
  now = Date.now(),
): void {
  const fileKey = PUBLIC_FILE_PAGE.exec(location.pathname)?.[1];
  if (fileKey) askPublicFileEarly(api, fileKey, new URLSearchParams(location.search).get('s'), now);
}

/**
 * The early file for this link (early-answers.ts): the page's render peeks, its first load takes;
 * null for a link without a key or a secret. A failed answer stays failed: it is the page's own.
 */
export function publicFileEarly(
  fileKey: string | undefined,
  secret: string | null,
): EarlyEntry<PublicFile> | null {
  return fileKey && secret ? early.at(keyOf(fileKey, secret)) : null;
}

/** The page's first load: the early answer for this link, once, or null (early-answers.ts). */
export function takePublicFileEarly(
  fileKey: string,
  secret: string,
  now = Date.now(),
): Promise<PublicFile> | null {
  const taken = publicFileEarly(fileKey, secret)?.take((failure) => Promise.reject(failure), now);
  return taken ? answerOf(taken) : null;
}
