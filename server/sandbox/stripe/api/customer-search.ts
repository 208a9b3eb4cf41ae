import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { invalidRequest } from '../errors';
import type { FormObject } from '../form-body';
import { int, reqStr, str } from '../params';
import type { RouteDef } from '../router';
import { list } from '../store';

/**
 * `GET /v1/customers/search` with Stripe's query language for the fields a product looks customers
 * up by: `email:'a@b.c'`, `name:'Ada'`, `metadata['team']:'t_1'`, joined by all AND or all OR.
 */

interface Clause {
  field: string;
  key?: string;
  value: string;
}

const CLAUSE =
  /^(email|name|metadata\['([^']+)'\]|metadata\["([^"]+)"\]):(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")$/;

function parseClause(text: string): Clause {
  const match = CLAUSE.exec(text.trim());
  if (!match) throw invalidRequest(`Invalid search query: ${text.trim()}`, 'query');
  const field = match[1]?.startsWith('metadata') ? 'metadata' : (match[1] ?? '');
  const value = (match[4] ?? match[5] ?? '').replace(/\\(.)/g, '$1');
  return { field, key: match[2] ?? match[3], value };
}

const MAX_QUERY_LENGTH = 1_000;

/** Splits on AND/OR outside quotes; Stripe refuses a query that mixes them. */
function parseQuery(query: string): { clauses: Clause[]; any: boolean } {
  // A bound on the work one query can cause; Stripe's queries are short too.
  if (query.length > MAX_QUERY_LENGTH) throw invalidRequest('The search query is too long.', 'query');
  const parts = query.split(/\s+(AND|OR)\s+(?=(?:[^'"]*['"][^'"]*['"])*[^'"]*$)/);
  const joins = parts.filter((_, i) => i % 2 === 1);
  if (new Set(joins).size > 1)
    throw invalidRequest('Queries cannot mix AND and OR: use only one of them.', 'query');
  return { clauses: parts.filter((_, i) => i % 2 === 0).map(parseClause), any: joins[0] === 'OR' };
}

function matches(customer: Stripe.Customer, clause: Clause): boolean {
  if (clause.field === 'metadata') return customer.metadata?.[clause.key ?? ''] === clause.value;
  const field = clause.field === 'email' ? customer.email : customer.name;
  // Stripe matches email and name without regard to case.
  return (field ?? '').toLowerCase() === clause.value.toLowerCase();
}

/** The page token is the offset into the newest-first result. */
function pageOffset(page: string | undefined): number {
  if (!page) return 0;
  const offset = Number(Buffer.from(page, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0) throw invalidRequest('Invalid page token.', 'page');
  return offset;
}

export async function searchCustomers(
  ctx: Ctx,
  params: FormObject,
): Promise<Stripe.ApiSearchResult<Stripe.Customer>> {
  const { clauses, any } = parseQuery(reqStr(params, 'query'));
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw invalidRequest(
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      'limit',
    );
  const offset = pageOffset(str(params, 'page'));
  const found = (await list<Stripe.Customer>(ctx, 'customer')).filter((c) =>
    any ? clauses.some((clause) => matches(c, clause)) : clauses.every((clause) => matches(c, clause)),
  );
  const hasMore = found.length > offset + limit;
  return {
    object: 'search_result',
    data: found.slice(offset, offset + limit),
    has_more: hasMore,
    next_page: hasMore ? Buffer.from(String(offset + limit)).toString('base64url') : null,
    url: '/v1/customers/search',
  };
}

export const customerSearchRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/customers/search',
    auth: 'secret',
    accepts: ['query', 'limit', 'page'],
    handler: (ctx, { params }) => searchCustomers(ctx, params),
  },
];
