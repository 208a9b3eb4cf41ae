import { describe, expect, it } from 'vitest';
import type { Team } from './entities';
import { applyTeamEdit, type TeamEdit, teamEditFieldError, teamWithEdits } from './team-edits';

const team: Team = {
  id: 1,
  name: 'Acme Inc',
  logo: '/api/v1/avatars/old',
  plan: 'premium',
  usersCnt: 4,
  domain: 'acme.test',
  domainSignupsEnabled: true,
  trialStatus: null,
  trialEndAt: null,
  subscriptionCancelAt: null,
  paymentProvider: null,
  settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: false },
};

const validation = (field: string, message: string) => ({
  status: 400,
  code: 10,
  message: 'Validation error',
  data: [{ field, message }],
});

describe('applyTeamEdit', () => {
  it('changes only what the edit is about', () => {
    expect(applyTeamEdit(team, { kind: 'rename', name: 'Acme Corp' })).toEqual({
      ...team,
      name: 'Acme Corp',
    });
    expect(applyTeamEdit(team, { kind: 'domainSignups', enabled: false }).domainSignupsEnabled).toBe(false);
    expect(
      applyTeamEdit(team, { kind: 'setting', setting: 'adminsCanDelete', enabled: true }).settings,
    ).toEqual({ adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: true });
    expect(applyTeamEdit(team, { kind: 'removeLogo' }).logo).toBeNull();
  });

  it('shows an uploaded logo by its preview, and keeps the old one without a preview', () => {
    const file = new Blob(['x']);
    expect(applyTeamEdit(team, { kind: 'uploadLogo', file, preview: 'blob:1' }).logo).toBe('blob:1');
    expect(applyTeamEdit(team, { kind: 'uploadLogo', file, preview: null }).logo).toBe('/api/v1/avatars/old');
  });

  it('does not touch the team it is given', () => {
    applyTeamEdit(team, { kind: 'setting', setting: 'adminsCanDelete', enabled: true });
    expect(team.settings.adminsCanDelete).toBe(false);
  });
});

describe('teamWithEdits', () => {
  it('applies waiting edits oldest first, so the newest of two renames shows', () => {
    const edits: TeamEdit[] = [
      { kind: 'rename', name: 'First' },
      { kind: 'removeLogo' },
      { kind: 'rename', name: 'Second' },
    ];
    expect(teamWithEdits(team, edits)).toMatchObject({ name: 'Second', logo: null });
    expect(teamWithEdits(team, [])).toBe(team);
  });
});

describe('teamEditFieldError', () => {
  it('puts a rename refused for the name under the name field', () => {
    expect(
      teamEditFieldError({ kind: 'rename', name: ' ' }, validation('name', 'must not be empty')),
    ).toEqual({
      field: 'name',
      message: 'Name must not be empty',
    });
  });

  it("puts a logo refused for its file under the logo ('PNG, JPG only', 'is too large')", () => {
    const edit: TeamEdit = { kind: 'uploadLogo', file: new Blob(['x']), preview: null };
    expect(teamEditFieldError(edit, validation('file', 'is too large'))).toEqual({
      field: 'logo',
      message: 'File is too large',
    });
  });

  it('leaves every other failure to the app-wide handling (a flash)', () => {
    const rename: TeamEdit = { kind: 'rename', name: 'X' };
    expect(teamEditFieldError(rename, validation('plan', 'nope'))).toBeNull();
    expect(teamEditFieldError(rename, { status: 403, code: 1700, message: 'denied', data: null })).toBeNull();
    expect(
      teamEditFieldError(rename, { status: 400, code: 10, message: 'Validation error', data: null }),
    ).toBeNull();
    expect(teamEditFieldError(rename, new TypeError('network'))).toBeNull();
    expect(teamEditFieldError({ kind: 'removeLogo' }, validation('name', 'x'))).toBeNull();
  });
});
