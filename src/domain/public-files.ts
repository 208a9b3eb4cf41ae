// Public files (spec sections 2, 4, 8, 9): how the download page describes a file and its errors.
// (The link's secret is made in upload-secret.ts: only the upload page needs it.)

import { isApiErrorShape } from './api-error-shape';
import { ErrorCode } from './error-codes';

/** Spec section 4: the kinds of failure the public-file page tells apart. */
export type PublicFileErrorKind = 'expired' | 'deleted' | 'not_found' | 'validation' | 'other';

/** Spec section 8's texts; deleted, expired and not found read the same to the visitor. */
export const PUBLIC_FILE_GONE_TEXT =
  'The file is not available for downloading because it was deleted by the sender';
export const PUBLIC_FILE_INVALID_URL_TEXT = 'Invalid URL, please ask the sender to send it to you again';
export const PUBLIC_FILE_UNKNOWN_ERROR_TEXT = 'Unknown error. Please try again';

export function publicFileErrorText(kind: PublicFileErrorKind): string {
  if (kind === 'validation') return PUBLIC_FILE_INVALID_URL_TEXT;
  if (kind === 'other') return PUBLIC_FILE_UNKNOWN_ERROR_TEXT;
  return PUBLIC_FILE_GONE_TEXT;
}

/** The kind of a failed public-file call, by the server's code (docs/api.md 'Public files'). */
export function publicFileErrorKind(error: unknown): PublicFileErrorKind {
  if (!isApiErrorShape(error)) return 'other';
  switch (error.code) {
    case ErrorCode.publicFileExpired:
      return 'expired';
    case ErrorCode.publicFileDeleted:
      return 'deleted';
    case ErrorCode.itemNotFound:
      return 'not_found';
    case ErrorCode.validation:
      return 'validation';
    default:
      return 'other';
  }
}

// In a module of their own: every first visit carries them (the route table declares its load, decision 040).
export { isWellFormedPublicFileLink, UPLOAD_SECRET_PATTERN } from './public-file-link';

/** The file name's extension, lower-case, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

// Files that run code when opened: the page warns before someone downloads one from a stranger.
const EXECUTABLE_EXTENSIONS = new Set(
  'exe msi msix bat cmd com scr pif cpl ps1 vbs vbe js jse wsf hta lnk reg sh command run app dmg pkg mpkg jar apk aab ipa deb rpm appimage dll'.split(
    ' ',
  ),
);

/** Spec section 2: 'a caution for executables'. Judged by the name, as the visitor's system will. */
export function isExecutableFileName(name: string): boolean {
  return EXECUTABLE_EXTENSIONS.has(fileExtension(name));
}

export type FileIconKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'archive'
  | 'pdf'
  | 'document'
  | 'spreadsheet'
  | 'presentation'
  | 'code'
  | 'executable'
  | 'file';

// Space-separated: the shortest way to ship these lists to the public page.
const ICON_EXTENSIONS: [FileIconKind, string][] = [
  ['image', 'png jpg jpeg gif webp svg bmp tif tiff heic avif'],
  ['video', 'mp4 mov avi mkv webm m4v wmv mpg mpeg'],
  ['audio', 'mp3 wav flac aac ogg m4a opus'],
  ['archive', 'zip rar 7z tar gz tgz bz2 xz zst iso'],
  ['pdf', 'pdf'],
  ['document', 'doc docx odt rtf txt md pages'],
  ['spreadsheet', 'xls xlsx ods csv tsv numbers'],
  ['presentation', 'ppt pptx odp key'],
  ['code', 'json xml html css ts c cpp go rs java swift kt sql yaml yml'],
];

/** Spec section 2: 'file icon by extension'. Executables first, so a caution has its own icon. */
export function fileIconKind(name: string): FileIconKind {
  if (isExecutableFileName(name)) return 'executable';
  const extension = fileExtension(name);
  if (!extension) return 'file';
  return ICON_EXTENSIONS.find(([, list]) => list.split(' ').includes(extension))?.[0] ?? 'file';
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/** A size as people read it: '532 bytes', '1.5 MB', '2 GB' (1 KB = 1024 bytes, as file managers show). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 100 ? Math.round(value).toString() : Number(value.toFixed(1)).toString();
  return `${shown} ${SIZE_UNITS[unit]}`;
}

const TIME_STEPS: [unit: string, seconds: number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * '{time left}' of 'File will be deleted {time left}': 'in 3 days', 'in 5 hours', 'in 1 minute', in
 * the largest whole unit; under a minute 'in less than a minute'; once past, 'now'.
 * Written out rather than through Intl.RelativeTimeFormat, which says the same in English: the first
 * Intl formatter a page makes loads ICU's locale data, 40-130 ms of the main thread on this machine
 * (160-500 ms under Lighthouse's 4x slowdown), in the task that renders the file's card (decision 032).
 */
export function timeLeftText(expiresAt: number, nowMs: number): string {
  const seconds = expiresAt - Math.floor(nowMs / 1000);
  if (seconds <= 0) return 'now';
  for (const [unit, size] of TIME_STEPS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `in ${count} ${unit}${count === 1 ? '' : 's'}`;
  }
  return 'in less than a minute';
}
