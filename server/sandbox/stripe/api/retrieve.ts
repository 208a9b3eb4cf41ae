// Retrieving the object a URL names, shared by every resource's routes: Stripe answers a missing one
// with 404 `resource_missing` 'No such invoice: …' (param `id`), unlike a missing object named in a
// parameter, which is a 400 (store.ts `get` with the parameter's name).
import type { Ctx } from '../context';
import type { ApiRequest, Handler } from '../router';
import { get } from '../store';

/** The object of `type` the URL's `:id` names, or the 404. */
export function urlObject<T>(ctx: Ctx, path: ApiRequest['path'], type: string): Promise<T> {
  return get<T>(ctx, path.id ?? '', type);
}

/** A plain retrieve route (`GET /v1/<objects>/:id`): the object as stored, or the 404. */
export const retrieve =
  (type: string): Handler =>
  (ctx, { path }) =>
    urlObject(ctx, path, type);
