import { compareEnglishNames } from '@domain/english-format';
import type { TeamMembership } from '@domain/entities';
import { deleteTeamBlockedReason } from '@domain/permissions';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { lockMembership } from '../auth/require-membership';
import { requirePermission } from '../auth/require-permission';
import { createRepositories } from '../db/repositories';
import { toTeamUser } from '../db/repositories/team-users.repository';
import { TeamNotFoundError, ValidationError } from '../errors';
import { eventPerson, TeamEventType } from '../events/team-event';
import { teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import {
  displayText,
  type LimitedMembership,
  limitedMembership,
  membership,
  team,
  teamSettings,
} from './schemas/collab';
import { reloadTeam } from './support/team-reload';

const teamChanges = z.strictObject({
  name: displayText(100).optional(),
  domainSignupsEnabled: z.boolean().optional(),
});

const settingsChanges = z.strictObject({
  adminsCanAssignAdmins: z.boolean().optional(),
  adminsCanDeactivate: z.boolean().optional(),
  adminsCanDelete: z.boolean().optional(),
});

/** Teams of the caller, under /api/v1/collab (spec section 7, 'Teams and users'). */
export const collabTeamsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Every membership whose team still exists, whatever its status. Only an active, unbanned member
  // sees the team; a banned, pending or removed person sees its id and name beside their own row, as
  // no screen shows them more (no plan, seats, settings or cancellation date; docs/api.md).
  app.get(
    '/api/v1/collab/teams',
    {
      onRequest: [app.authenticate],
      schema: { response: { 200: z.object({ items: z.array(z.union([membership, limitedMembership])) }) } },
    },
    async (request) => {
      const teamUsers = await app.repos.teamUsers.listByAccount(request.accountId);
      const teams = new Map(
        (await app.repos.teams.findByIds(teamUsers.map((u) => u.teamId))).map((t) => [t.id, t]),
      );
      const items: (TeamMembership | LimitedMembership)[] = [];
      for (const record of teamUsers) {
        const found = teams.get(record.teamId);
        const profile = toTeamUser(record);
        if (!found) continue;
        // The same test as every team call's (assertActiveMembership): what they may open, they see.
        const usable = profile.teamStatus === 'active' && profile.status === 'active' && !profile.isBanned;
        items.push(usable ? { team: found, profile } : { team: { id: found.id, name: found.name }, profile });
      }
      // The console's order for names, without ICU's collation data for the usual ASCII names.
      items.sort((a, b) => compareEnglishNames(a.team.name, b.team.name) || a.team.id - b.team.id);
      return { items };
    },
  );

  app.get(
    '/api/v1/collab/teams/:teamUser',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership],
      schema: { params: teamUserParams, response: { 200: membership } },
    },
    async (request) => ({ team: request.membership.team, profile: toTeamUser(request.membership.teamUser) }),
  );

  // Name and domain sign-up (owner). One event per field that actually changed.
  app.put(
    '/api/v1/collab/teams/:teamUser',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, requirePermission('editTeam')],
      schema: { params: teamUserParams, body: teamChanges, response: { 200: team } },
    },
    async (request) => {
      const { name, domainSignupsEnabled } = request.body;
      // 'Any email address from {domain}' needs a domain to speak of.
      if (domainSignupsEnabled === true && !request.membership.team.domain) {
        throw new ValidationError([{ field: 'domainSignupsEnabled', message: 'is invalid' }]);
      }
      const at = app.clock.now();
      return app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        const { team: current, teamUser: actor } = await lockMembership(repos, request.membership);
        // The answer comes from the UPDATE itself (the row is locked, and the events below do not
        // change what a team shows): no read after it.
        const updated = await repos.teams.update(current.id, { name, domainSignupsEnabled });
        if (!updated) throw new TeamNotFoundError({ teamId: current.id, userId: actor.id });
        const record = (type: string, data: Record<string, unknown>) =>
          repos.events.record({ teamId: current.id, type, data: { actor: eventPerson(actor), ...data }, at });
        if (name !== undefined && name !== current.name) {
          await record(TeamEventType.teamRenamed, { from: current.name, to: name });
        }
        if (domainSignupsEnabled !== undefined && domainSignupsEnabled !== current.domainSignupsEnabled) {
          await record(TeamEventType.teamDomainSignupsChanged, { domainSignupsEnabled });
        }
        return updated;
      });
    },
  );

  // Owner only; a premium team keeps a subscription running, so it is cancelled first (docs/api.md).
  app.delete(
    '/api/v1/collab/teams/:teamUser',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, requirePermission('deleteTeam')],
      schema: { params: teamUserParams },
    },
    async (request, reply) => {
      await app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        const { team: current, teamUser: actor } = await lockMembership(repos, request.membership);
        const blocked = deleteTeamBlockedReason(current);
        if (blocked) throw new ValidationError([{ field: 'plan', message: blocked }]);
        const accountIds = await repos.teamUsers.listAccountIds(current.id);
        await repos.events.record({
          teamId: current.id,
          type: TeamEventType.teamDeleted,
          data: { actor: eventPerson(actor), name: current.name },
          at: app.clock.now(),
          accountIds,
        });
        await repos.teams.markDeleted(current.id, app.clock.now());
      });
      await app.billing.teamDeleted(request.membership.team.id);
      await app.paddle.teamDeleted(request.membership.team.id);
      return reply.status(204).send();
    },
  );

  // 'Admins Can' settings: owner, not on the basic plan.
  app.put(
    '/api/v1/collab/teams/:teamUser/settings',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, requirePermission('editTeamSettings')],
      schema: { params: teamUserParams, body: settingsChanges, response: { 200: teamSettings } },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        const { team: current, teamUser: actor } = await lockMembership(repos, request.membership);
        const changes = Object.fromEntries(
          Object.entries(request.body).filter(
            ([key, value]) =>
              value !== undefined && current.settings[key as keyof typeof current.settings] !== value,
          ),
        );
        if (Object.keys(changes).length > 0) {
          await repos.teams.updateSettings(current.id, changes);
          await repos.events.record({
            teamId: current.id,
            type: TeamEventType.teamSettingsChanged,
            data: { actor: eventPerson(actor), changes },
            at: app.clock.now(),
          });
        }
        return (await reloadTeam(repos, request.membership)).settings;
      }),
  );
};
