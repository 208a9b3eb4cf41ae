// The Overview of a loaded team: the details for everyone, the owner's edits and settings, and
// leave or delete. Edits run through the team-edit flow (shown at once, rolled back on failure),
// leave and delete through the team-exit flow. Who sees what comes from domain/permissions.
import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { deleteTeam, leaveTeam } from '@/api/teams';
import type { TeamMembership } from '@/domain/entities';
import {
  canAccessBilling,
  canDeleteTeam,
  canEditTeam,
  canEditTeamSettings,
  canLeaveTeam,
  deleteTeamBlockedReason,
  isPaidPlan,
} from '@/domain/permissions';
import { billingLinkLabel, paidPlanSettingsNote, teamPlanTitle } from '@/domain/team-details';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { teamEditMachine } from '@/machines/team-edit.machine';
import {
  selectLogoError,
  selectNameError,
  selectRefusedName,
  selectSavedPlace,
  selectShownTeam,
} from '@/machines/team-edit.selectors';
import { teamExitMachine } from '@/machines/team-exit.machine';
import { selectExitBusy, selectExitError, selectOpenDialog } from '@/machines/team-exit.selectors';
import { pathTo } from '@/routes/route-table';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { TeamDetailsCard } from '@/ui/team-overview/TeamDetailsCard';
import { TeamExitCard } from '@/ui/team-overview/TeamExitCard';
import { TeamExitDialog } from '@/ui/team-overview/TeamExitDialog';
import { TeamLogo } from '@/ui/team-overview/TeamLogo';
import { TeamNameEditor } from '@/ui/team-overview/TeamNameEditor';
import { TeamSettingsCard } from '@/ui/team-overview/TeamSettingsCard';
import { saveTeamEdit } from './save-team-edit';
import { useTrialDaysLeft } from './use-trial-days-left';

/** A local URL showing a picked file until the server answers (not in every environment). */
function previewUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function releasePreviewUrl(url: string | null) {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

const EDITOR_VIEW = {
  team: selectShownTeam,
  nameError: selectNameError,
  refusedName: selectRefusedName,
  logoError: selectLogoError,
  saved: selectSavedPlace,
};

const EXIT_VIEW = { openDialog: selectOpenDialog, exitBusy: selectExitBusy, exitError: selectExitError };

export interface TeamOverviewScreenProps {
  /** The team and the user's membership in it, as just loaded. */
  membership: TeamMembership;
  teamUser: TeamUserRef;
}

export function TeamOverviewScreen({ membership, teamUser }: TeamOverviewScreenProps) {
  const navigate = useNavigate();
  const { profile } = membership;

  const editor = useScreenFlow(
    ({ api, registry, handleError }) =>
      teamEditMachine.provide({
        actors: { saveEdit: fromPromise(({ input }) => saveTeamEdit(api, teamUser, input.edit)) },
        actions: {
          publishTeam: (_, team) => registry.send({ type: 'registry.updateTeam', team }),
          reportError: (_, error) => handleError(error),
          releasePreview: (_, edit) => releasePreviewUrl(edit.kind === 'uploadLogo' ? edit.preview : null),
        },
      }),
    { team: membership.team },
  );
  const exit = useScreenFlow(({ api, registry, handleError, showFlash }) =>
    teamExitMachine.provide({
      actors: {
        deleteTeam: fromPromise(() => deleteTeam(api, teamUser)),
        leaveTeam: fromPromise(() => leaveTeam(api, teamUser.teamId, profile.email)),
      },
      actions: {
        showSuccess: (_, message) => showFlash(message, 'success'),
        goHome: () => navigate(pathTo('home')),
        forgetMembership: () => registry.send({ type: 'registry.dropTeamUser', ...teamUser }),
        reportError: (_, error) => handleError(error),
      },
    }),
  );

  const { team, nameError, refusedName, logoError, saved } = useSelections(editor, EDITOR_VIEW);
  const { openDialog, exitBusy, exitError } = useSelections(exit, EXIT_VIEW);
  const trialDaysLeft = useTrialDaysLeft(team);

  const editable = canEditTeam(profile);
  const billingHref = pathTo('team-billing', teamUser);
  const signup = editable && team.domain ? { domain: team.domain, enabled: team.domainSignupsEnabled } : null;
  // The owner on the basic plan is told what the plan leaves out, rather than finding it missing.
  const paidPlanNote =
    editable && !isPaidPlan(team.plan) && canAccessBilling(profile)
      ? { text: paidPlanSettingsNote(signup !== null), upgradeHref: billingHref }
      : null;

  return (
    <Stack gap="md">
      <TeamDetailsCard
        logo={
          <TeamLogo
            name={team.name}
            logo={team.logo}
            editable={editable}
            error={logoError}
            onUpload={(file) => editor.send({ type: 'team.uploadLogo', file, preview: previewUrl(file) })}
            onRemove={() => editor.send({ type: 'team.removeLogo' })}
          />
        }
        name={
          <TeamNameEditor
            name={team.name}
            editable={editable}
            error={nameError}
            refusedName={refusedName}
            onRename={(name) => editor.send({ type: 'team.rename', name })}
            onDismissError={() => editor.send({ type: 'team.dismissError', field: 'name' })}
            saved={saved === 'name'}
          />
        }
        planTitle={teamPlanTitle(team.plan)}
        membersCount={team.usersCnt}
        trialDaysLeft={trialDaysLeft}
        billingLink={
          canAccessBilling(profile) ? { label: billingLinkLabel(team.plan), href: billingHref } : null
        }
        onNavigate={(href) => navigate(href)}
      />
      <TeamSettingsCard
        signup={signup}
        settings={canEditTeamSettings(profile, team) ? team.settings : null}
        onSignupChange={(enabled) => editor.send({ type: 'team.changeDomainSignups', enabled })}
        onSettingChange={(setting, enabled) => editor.send({ type: 'team.changeSetting', setting, enabled })}
        saved={saved === 'signup' || saved === 'settings' ? saved : null}
        paidPlanNote={paidPlanNote}
        onNavigate={(href) => navigate(href)}
      />
      <TeamExitCard
        canLeave={canLeaveTeam(profile)}
        canDelete={canDeleteTeam(profile)}
        deleteBlockedReason={deleteTeamBlockedReason(team)}
        onLeave={() => exit.send({ type: 'exit.open', kind: 'leave' })}
        onDelete={() => exit.send({ type: 'exit.open', kind: 'delete' })}
      />
      <TeamExitDialog
        kind={openDialog}
        teamName={team.name}
        busy={exitBusy}
        errorMessage={exitError}
        onConfirm={() => exit.send({ type: 'exit.confirm' })}
        onCancel={() => exit.send({ type: 'exit.cancel' })}
      />
    </Stack>
  );
}
