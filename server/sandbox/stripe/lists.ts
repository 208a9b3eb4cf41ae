import { invalidRequest } from './errors';
import type { FormObject } from './form-body';
import { int, str } from './params';

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** Stripe's cursor pagination over a newest-first array: limit, starting_after, ending_before. */
export function paginate<T extends { id: string }>(
  items: T[],
  params: FormObject,
  url: string,
): ListObject<T> {
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest(
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      'limit',
    );
  }
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let slice = items;
  if (after) {
    const index = items.findIndex((item) => item.id === after);
    slice = index < 0 ? [] : items.slice(index + 1);
  } else if (before) {
    const index = items.findIndex((item) => item.id === before);
    slice = index < 0 ? [] : items.slice(Math.max(0, index - limit), index);
    return { object: 'list', data: slice, has_more: index - limit > 0, url };
  }
  return { object: 'list', data: slice.slice(0, limit), has_more: slice.length > limit, url };
}

export function listOf<T>(data: T[], url: string): ListObject<T> {
  return { object: 'list', data, has_more: false, url };
}
