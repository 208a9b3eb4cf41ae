import { invalidField } from './errors';

/** Paddle's `meta.pagination`: `next` is the whole URL of the following page. */
export interface Pagination {
  per_page: number;
  next: string;
  has_more: boolean;
  estimated_total: number;
}

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 200;

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * One page of items (already filtered, in order) after the `after` cursor (an id), and the link to
 * the next one; the SDK's collections follow `next` as given while `has_more` is true.
 */
export function paginate<T extends { id: string }>(items: T[], query: URLSearchParams, url: URL): Page<T> {
  const perPageText = query.get('per_page');
  const perPage = perPageText === null ? DEFAULT_PER_PAGE : Number(perPageText);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE)
    throw invalidField('per_page', `must be an integer between 1 and ${MAX_PER_PAGE}`);
  const after = query.get('after');
  const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  const data = items.slice(start, start + perPage);
  const last = data.at(-1);
  const next = new URL(url);
  if (last) next.searchParams.set('after', last.id);
  if (!next.searchParams.has('per_page')) next.searchParams.set('per_page', String(perPage));
  return {
    data,
    pagination: {
      per_page: perPage,
      next: next.toString(),
      has_more: start + data.length < items.length,
      estimated_total: items.length,
    },
  };
}

/** `id=a,b` or `status=active,paused`: Paddle's comma-separated filters. */
export function listParam(query: URLSearchParams, name: string): string[] | null {
  const value = query.get(name);
  if (value === null || value === '') return null;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
