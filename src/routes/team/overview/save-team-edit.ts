// One team edit as its API call (docs/api.md): what the team-edit machine's saveEdit actor runs.
import type { ApiClient } from '@/api/client';
import { deleteTeamLogo, updateTeam, updateTeamSettings, uploadTeamLogo } from '@/api/teams';
import type { Team } from '@/domain/entities';
import type { TeamEdit } from '@/domain/team-edits';
import type { TeamUserRef } from '@/domain/team-user-ref';

/** Sends the edit; answers the team fields the server now has. */
export async function saveTeamEdit(api: ApiClient, ref: TeamUserRef, edit: TeamEdit): Promise<Partial<Team>> {
  switch (edit.kind) {
    case 'rename':
      return updateTeam(api, ref, { name: edit.name });
    case 'domainSignups':
      return updateTeam(api, ref, { domainSignupsEnabled: edit.enabled });
    case 'setting':
      return { settings: await updateTeamSettings(api, ref, { [edit.setting]: edit.enabled }) };
    case 'uploadLogo':
      return uploadTeamLogo(api, ref, edit.file);
    case 'removeLogo':
      return deleteTeamLogo(api, ref);
  }
}
