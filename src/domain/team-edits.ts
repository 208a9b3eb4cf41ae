// The owner's edits of a team (spec sections 4 and 6) as data: what each one changes, so the console
// can show it at once and take it back when the server refuses it (see machines/team-edit).

import type { Team, TeamSettings } from './entities';
import { serverFieldErrorText } from './field-errors';
import { IMAGE_FIELD } from './image-upload';
import { TEAM_NAME_FIELD } from './team-details';

export type TeamEdit =
  | { kind: 'rename'; name: string }
  | { kind: 'domainSignups'; enabled: boolean }
  | { kind: 'setting'; setting: keyof TeamSettings; enabled: boolean }
  /** preview: a local URL of the picked file to show until the server answers, if the caller has one. */
  | { kind: 'uploadLogo'; file: Blob; preview: string | null }
  | { kind: 'removeLogo' };

/** The team as it looks with one edit applied. */
export function applyTeamEdit(team: Team, edit: TeamEdit): Team {
  switch (edit.kind) {
    case 'rename':
      return { ...team, name: edit.name };
    case 'domainSignups':
      return { ...team, domainSignupsEnabled: edit.enabled };
    case 'setting':
      return { ...team, settings: { ...team.settings, [edit.setting]: edit.enabled } };
    case 'uploadLogo':
      return edit.preview === null ? team : { ...team, logo: edit.preview };
    case 'removeLogo':
      return { ...team, logo: null };
  }
}

/**
 * The team as the view shows it: what the server last confirmed with every unconfirmed edit on top,
 * oldest first. Rolling an edit back is recomputing this without it, so later edits stay visible.
 */
export function teamWithEdits(confirmed: Team, edits: readonly TeamEdit[]): Team {
  return edits.reduce(applyTeamEdit, confirmed);
}

/** The view's editable fields that can show a message under them. */
export type TeamEditField = 'name' | 'logo';

/** Which server fields (errorData of code 10) belong to which edit's field. */
const FIELD_OF_EDIT: Partial<Record<TeamEdit['kind'], { field: TeamEditField; serverFields: string[] }>> = {
  rename: { field: 'name', serverFields: [TEAM_NAME_FIELD] },
  uploadLogo: { field: 'logo', serverFields: [IMAGE_FIELD] },
};

export interface TeamEditFieldError {
  field: TeamEditField;
  /** As shown under the field: the humanized server field plus its message ('Name is too long'). */
  message: string;
}

/**
 * A validation error (code 10) about the edit's own field, to show under that field (spec section 8:
 * 'Validation errors show under the field in editable fields'); null for any other failure, which
 * the app shows as a flash.
 */
export function teamEditFieldError(edit: TeamEdit, error: unknown): TeamEditFieldError | null {
  const mapping = FIELD_OF_EDIT[edit.kind];
  const message = mapping ? serverFieldErrorText(error, ...mapping.serverFields) : null;
  return mapping && message ? { field: mapping.field, message } : null;
}
