/**
 * `Content-Disposition: attachment` for a file name (RFC 6266): a plain ASCII `filename` for old
 * clients (anything outside printable ASCII, quotes and backslashes become '_') and the exact name as
 * UTF-8 in `filename*` (RFC 5987), which every current browser prefers.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
