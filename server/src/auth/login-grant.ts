import type { Db } from '../db/db';
import { createRepositories } from '../db/repositories';
import { ItemNotFoundError } from '../errors';
import { issueAuthCode } from './auth-codes';
import type { TokenSigner } from './tokens';

/** What a login link carries: a fresh auth code and, for a team link, the membership to open. */
export interface LoginGrant {
  token: string;
  teamId: number | null;
  userId: number | null;
}

/**
 * A fresh auth code for the account with this email, and with teamName its membership in that team.
 * Unknown account, unknown team or no membership: ItemNotFoundError with a message for people.
 */
export async function createLoginGrant(
  db: Db,
  signer: TokenSigner,
  input: { email: string; teamName?: string | null },
): Promise<LoginGrant> {
  const repos = createRepositories(db);
  const account = await repos.accounts.findByEmail(input.email);
  if (!account) throw new ItemNotFoundError(`No account with email ${input.email}`);
  let teamId: number | null = null;
  let userId: number | null = null;
  if (input.teamName) {
    const teams = await repos.teams.findByName(input.teamName);
    if (teams.length === 0) throw new ItemNotFoundError(`No team named "${input.teamName}"`);
    const memberships = await Promise.all(
      teams.map((t) => repos.teamUsers.findByAccountInTeam(t.id, account.id)),
    );
    const membership = memberships.find((m) => m !== null);
    if (!membership) throw new ItemNotFoundError(`${account.email} is not a member of "${input.teamName}"`);
    teamId = membership.teamId;
    userId = membership.id;
  }
  const token = await issueAuthCode(db, signer, account.id);
  return { token, teamId, userId };
}

/** `${base}/login?token=...[&team_id=..&user_id=..]`, keeping any path prefix of the base URL. */
export function buildLoginUrl(baseUrl: string, grant: LoginGrant): string {
  const url = new URL('login', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('token', grant.token);
  if (grant.teamId !== null && grant.userId !== null) {
    url.searchParams.set('team_id', String(grant.teamId));
    url.searchParams.set('user_id', String(grant.userId));
  }
  return url.toString();
}
