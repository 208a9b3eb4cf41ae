// The public file page's file (decision 040): in by the page's first render, the card is in its
// first paint. A mangled link is never asked for, as the page's own flow never asks for one. The
// request is the one the page would make (no session, the same retries), so its failure is the
// page's own: the page shows it, with Retry asking afresh.
import { getPublicFile } from '@/api/public-file';
import type { PublicFile } from '@/domain/entities';
import { isWellFormedPublicFileLink } from '@/domain/public-file-link';
import type { RouteAddress, RouteLoad } from '@/routes/loads/route-load';

const linkOf = ({ params, search }: RouteAddress) => {
  const fileKey = params.fileKey;
  const secret = search.get('s');
  return fileKey && secret && isWellFormedPublicFileLink(fileKey, secret) ? { fileKey, secret } : null;
};

export const publicFileLoad: RouteLoad<PublicFile> = {
  name: 'public-file',
  keyOf: (address) => {
    const link = linkOf(address);
    return link && `${link.fileKey}?s=${link.secret}`;
  },
  ask: ({ api }, address) => {
    const link = linkOf(address);
    return link
      ? getPublicFile(api, link.fileKey, link.secret)
      : Promise.reject(new Error('The address is no public file link.'));
  },
};
