import type { OAuthProblem } from '@domain/web-signup';
import type { FastifyInstance } from 'fastify';
import type { Account } from '../../db/repositories/accounts.repository';
import type { VerifiedPerson } from './oauth-client';

/** A Google or Microsoft sign-in that signs nobody in, and which of /web-login's reasons says why. */
export class SignInRefusal extends Error {
  constructor(readonly reason: Extract<OAuthProblem, 'unverified' | 'linked'>) {
    super(`sign-in refused: ${reason}`);
  }
}

/**
 * The account a Google or Microsoft sign-in is for, by issuer and `sub` (OIDC Core 5.7), never by the
 * address alone. A known identity signs in to its account whatever address it sends now; the
 * account's address stays as it is (decision 018: it keys mailed links and team rows, and an
 * unverified claim must not move them). A new identity is linked by its address only when the
 * provider vouches for it: to the account of that address, made on the first sign-in.
 */
export async function accountOfIdentity(app: FastifyInstance, person: VerifiedPerson): Promise<Account> {
  const identity = { issuer: person.issuer, subject: person.subject, email: person.email };
  const knownId = await app.repos.identities.signIn(identity, app.clock.now());
  const known = knownId === null ? null : await app.repos.accounts.findById(knownId);
  if (known) return known;
  if (!person.emailVerified) throw new SignInRefusal('unverified');
  const { account } = await app.repos.accounts.findOrCreate({ email: person.email, fullName: person.name });
  const linked = await app.repos.identities.link(account.id, identity);
  if (linked === 'taken') throw new SignInRefusal('linked');
  if (linked === account.id) return account;
  // A second tab finished the same first sign-in a moment earlier: its account.
  const raced = await app.repos.accounts.findById(linked);
  if (!raced) throw new Error('identity linked to a missing account');
  return raced;
}
