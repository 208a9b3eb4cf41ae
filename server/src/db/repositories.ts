import type { Queryable } from './db';
import { createAccountsRepository } from './repositories/accounts.repository';
import { createAuthCodesRepository } from './repositories/auth-codes.repository';
import { createBillingRepository } from './repositories/billing.repository';
import { createCallerRepository } from './repositories/caller.repository';
import { createEventsRepository } from './repositories/events.repository';
import { createIdentitiesRepository } from './repositories/identities.repository';
import { createInvitationsRepository } from './repositories/invitations.repository';
import { createPaddleBillingRepository } from './repositories/paddle-billing.repository';
import { createPageViewsRepository } from './repositories/page-views.repository';
import { createPersonalBillingRepository } from './repositories/personal-billing.repository';
import { createPublicFilesRepository } from './repositories/public-files.repository';
import { createRedirectsRepository } from './repositories/redirects.repository';
import { createSeatsRepository } from './repositories/seats.repository';
import { createSessionsRepository } from './repositories/sessions.repository';
import { createTeamUsersRepository } from './repositories/team-users.repository';
import { createTeamsRepository } from './repositories/teams.repository';
import { createWebLoginRepository } from './repositories/web-login.repository';

/** All repositories over one connection: the Db itself, or a transaction's tx. */
export function createRepositories(db: Queryable) {
  return {
    accounts: createAccountsRepository(db),
    identities: createIdentitiesRepository(db),
    teams: createTeamsRepository(db),
    teamUsers: createTeamUsersRepository(db),
    seats: createSeatsRepository(db),
    invitations: createInvitationsRepository(db),
    events: createEventsRepository(db),
    pageViews: createPageViewsRepository(db),
    sessions: createSessionsRepository(db),
    authCodes: createAuthCodesRepository(db),
    billing: createBillingRepository(db),
    paddleBilling: createPaddleBillingRepository(db),
    caller: createCallerRepository(db),
    personalBilling: createPersonalBillingRepository(db),
    redirects: createRedirectsRepository(db),
    webLogin: createWebLoginRepository(db),
    publicFiles: createPublicFilesRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
