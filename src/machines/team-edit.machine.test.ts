import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/api-error';
import type { Team } from '@/domain/entities';
import type { TeamEdit } from '@/domain/team-edits';
import { membershipFixture } from '@/test/entity-fixtures';
import { type Deferred, deferred, flush } from './session.test-kit';
import { SAVED_NOTE_MS, teamEditMachine } from './team-edit.machine';
import {
  selectLogoError,
  selectNameError,
  selectRefusedName,
  selectSavedPlace,
  selectSaving,
  selectShownTeam,
} from './team-edit.selectors';

const acme: Team = membershipFixture(
  {
    id: 1,
    name: 'Acme Inc',
    logo: '/api/v1/avatars/old',
    domain: 'acme.test',
    domainSignupsEnabled: true,
    settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: false },
  },
  { id: 10, email: 'olivia@acme.test' },
).team;

const validationError = (field: string, message: string) =>
  new ApiError({ status: 400, code: 10, message: 'Validation error', data: [{ field, message }] });

function startEditor(team: Team = acme) {
  const calls: { edit: TeamEdit; reply: Deferred<Partial<Team>> }[] = [];
  const published: Team[] = [];
  const reported: unknown[] = [];
  const released: TeamEdit[] = [];
  const actor = createActor(
    teamEditMachine.provide({
      actors: {
        saveEdit: fromPromise(({ input }) => {
          const reply = deferred<Partial<Team>>();
          calls.push({ edit: input.edit, reply });
          return reply.promise;
        }),
      },
      actions: {
        publishTeam: (_, confirmed) => published.push(confirmed),
        reportError: (_, error) => reported.push(error),
        releasePreview: (_, edit) => released.push(edit),
      },
    }),
    { input: { team } },
  ).start();
  const shown = () => selectShownTeam(actor.getSnapshot());
  return { actor, calls, published, reported, released, shown };
}

describe('team edit: one edit', () => {
  it('shows a rename at once, saves it, and publishes what the server confirmed', async () => {
    const { actor, calls, published, reported, shown } = startEditor();
    actor.send({ type: 'team.rename', name: 'Acme Corp' });
    expect(shown().name).toBe('Acme Corp');
    expect(selectSaving(actor.getSnapshot())).toBe(true);
    expect(calls.map(({ edit }) => edit)).toEqual([{ kind: 'rename', name: 'Acme Corp' }]);

    calls[0]?.reply.resolve({ ...acme, name: 'Acme Corp', usersCnt: 5 });
    await flush();
    expect(selectSaving(actor.getSnapshot())).toBe(false);
    expect(shown()).toMatchObject({ name: 'Acme Corp', usersCnt: 5 });
    expect(published).toEqual([{ ...acme, name: 'Acme Corp', usersCnt: 5 }]);
    expect(reported).toEqual([]);
  });

  it('rolls a refused edit back and hands the error to the app (a flash)', async () => {
    const { actor, calls, published, reported, shown } = startEditor();
    actor.send({ type: 'team.changeSetting', setting: 'adminsCanDelete', enabled: true });
    expect(shown().settings.adminsCanDelete).toBe(true);

    const denied = new ApiError({ status: 403, code: 1700, message: 'You are not allowed to do this' });
    calls[0]?.reply.reject(denied);
    await flush();
    expect(shown()).toBe(acme);
    expect(reported).toEqual([denied]);
    expect(published).toEqual([]);
    expect(selectSaving(actor.getSnapshot())).toBe(false);
  });

  it('puts a validation error for the name under the name field instead of a flash', async () => {
    const { actor, calls, reported, shown } = startEditor();
    actor.send({ type: 'team.rename', name: '   ' });
    calls[0]?.reply.reject(validationError('name', 'must not be empty'));
    await flush();
    expect(shown().name).toBe('Acme Inc');
    expect(selectNameError(actor.getSnapshot())).toBe('Name must not be empty');
    expect(selectRefusedName(actor.getSnapshot())).toBe('   ');
    expect(reported).toEqual([]);

    actor.send({ type: 'team.dismissError', field: 'name' });
    expect(selectNameError(actor.getSnapshot())).toBeNull();
  });

  it('flashes a validation error about another field', async () => {
    const { actor, calls, reported } = startEditor();
    actor.send({ type: 'team.rename', name: 'Acme Corp' });
    const error = validationError('plan', 'nope');
    calls[0]?.reply.reject(error);
    await flush();
    expect(selectNameError(actor.getSnapshot())).toBeNull();
    expect(reported).toEqual([error]);
  });

  it('merges a settings answer into the team', async () => {
    const { actor, calls, published, shown } = startEditor();
    actor.send({ type: 'team.changeSetting', setting: 'adminsCanAssignAdmins', enabled: false });
    const settings = { adminsCanAssignAdmins: false, adminsCanDeactivate: true, adminsCanDelete: false };
    calls[0]?.reply.resolve({ settings });
    await flush();
    expect(shown()).toEqual({ ...acme, settings });
    expect(published[0]).toEqual({ ...acme, settings });
  });
});

describe('team edit: the logo', () => {
  const png = () => new File(['png'], 'logo.png', { type: 'image/png' });

  it("refuses a file that is not .jpg, .jpeg or .png with 'PNG, JPG only', without a call", () => {
    const { actor, calls, released, shown } = startEditor();
    const gif = new File(['gif'], 'logo.gif', { type: 'image/gif' });
    actor.send({ type: 'team.uploadLogo', file: gif, preview: 'blob:gif' });
    expect(selectLogoError(actor.getSnapshot())).toBe('PNG, JPG only');
    expect(calls).toEqual([]);
    expect(shown()).toBe(acme);
    expect(released).toEqual([{ kind: 'uploadLogo', file: gif, preview: 'blob:gif' }]);

    actor.send({ type: 'team.uploadLogo', file: png(), preview: null });
    expect(selectLogoError(actor.getSnapshot())).toBeNull();
  });

  it('shows the picked file at once and the stored logo after, releasing the preview', async () => {
    const { actor, calls, released, shown } = startEditor();
    actor.send({ type: 'team.uploadLogo', file: png(), preview: 'blob:new' });
    expect(shown().logo).toBe('blob:new');
    calls[0]?.reply.resolve({ ...acme, logo: '/api/v1/avatars/new' });
    await flush();
    expect(shown().logo).toBe('/api/v1/avatars/new');
    expect(released.map((edit) => edit.kind === 'uploadLogo' && edit.preview)).toEqual(['blob:new']);
  });

  it('brings the old logo back when the server refuses the picture, with its message', async () => {
    const { actor, calls, released, reported, shown } = startEditor();
    actor.send({ type: 'team.uploadLogo', file: png(), preview: 'blob:new' });
    calls[0]?.reply.reject(validationError('file', 'PNG, JPG only'));
    await flush();
    expect(shown().logo).toBe('/api/v1/avatars/old');
    expect(selectLogoError(actor.getSnapshot())).toBe('PNG, JPG only');
    expect(reported).toEqual([]);
    expect(released).toHaveLength(1);
  });

  it('removes the logo at once and brings it back if the removal fails', async () => {
    const { actor, calls, shown } = startEditor();
    actor.send({ type: 'team.removeLogo' });
    expect(shown().logo).toBeNull();
    calls[0]?.reply.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(shown().logo).toBe('/api/v1/avatars/old');
  });
});

describe('team edit: edits in flight together', () => {
  it('sends one edit at a time, in order, showing all of them meanwhile', async () => {
    const { actor, calls, published, shown } = startEditor();
    actor.send({ type: 'team.rename', name: 'First' });
    actor.send({ type: 'team.changeDomainSignups', enabled: false });
    expect(calls).toHaveLength(1);
    expect(shown()).toMatchObject({ name: 'First', domainSignupsEnabled: false });

    calls[0]?.reply.resolve({ ...acme, name: 'First' });
    await flush();
    expect(calls.map(({ edit }) => edit.kind)).toEqual(['rename', 'domainSignups']);
    expect(shown()).toMatchObject({ name: 'First', domainSignupsEnabled: false });
    expect(selectSaving(actor.getSnapshot())).toBe(true);

    calls[1]?.reply.resolve({ ...acme, name: 'First', domainSignupsEnabled: false });
    await flush();
    expect(selectSaving(actor.getSnapshot())).toBe(false);
    expect(published.map(({ name, domainSignupsEnabled }) => [name, domainSignupsEnabled])).toEqual([
      ['First', true],
      ['First', false],
    ]);
  });

  it('keeps a later edit when an earlier one fails, and still sends it', async () => {
    const { actor, calls, reported, shown } = startEditor();
    actor.send({ type: 'team.rename', name: 'First' });
    actor.send({ type: 'team.rename', name: 'Second' });
    expect(shown().name).toBe('Second');

    calls[0]?.reply.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(reported).toHaveLength(1);
    expect(shown().name).toBe('Second');
    expect(calls[1]?.edit).toEqual({ kind: 'rename', name: 'Second' });

    calls[1]?.reply.resolve({ ...acme, name: 'Second' });
    await flush();
    expect(shown().name).toBe('Second');
  });

  it('falls back to the last confirmed name when the later of two renames fails', async () => {
    const { actor, calls, shown } = startEditor();
    actor.send({ type: 'team.rename', name: 'First' });
    actor.send({ type: 'team.rename', name: 'Second' });
    calls[0]?.reply.resolve({ ...acme, name: 'First' });
    await flush();
    calls[1]?.reply.reject(new ApiError({ status: 500, code: null, message: 'Unknown server error' }));
    await flush();
    expect(shown().name).toBe('First');
  });

  it('rolls back only the failed edit of another field', async () => {
    const { actor, calls, shown } = startEditor();
    actor.send({ type: 'team.changeSetting', setting: 'adminsCanDelete', enabled: true });
    actor.send({ type: 'team.rename', name: 'Acme Corp' });
    calls[0]?.reply.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(shown()).toMatchObject({ name: 'Acme Corp', settings: { adminsCanDelete: false } });
    calls[1]?.reply.resolve({ ...acme, name: 'Acme Corp' });
    await flush();
    expect(shown()).toMatchObject({ name: 'Acme Corp', settings: { adminsCanDelete: false } });
  });

  it('takes edits while saving without disturbing the call at the server', async () => {
    const { actor, calls } = startEditor();
    actor.send({ type: 'team.rename', name: 'First' });
    const first = calls[0];
    actor.send({ type: 'team.removeLogo' });
    actor.send({ type: 'team.rename', name: 'Second' });
    expect(calls).toEqual([first]);
    expect(actor.getSnapshot().context.pending.map(({ kind }) => kind)).toEqual([
      'rename',
      'removeLogo',
      'rename',
    ]);
  });
});

describe("team edit: the quiet 'Saved'", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks where a confirmed edit was made, for SAVED_NOTE_MS, and never for a refused one', async () => {
    vi.useFakeTimers();
    const { actor, calls } = startEditor();
    const saved = () => selectSavedPlace(actor.getSnapshot());
    actor.send({ type: 'team.changeSetting', setting: 'adminsCanDelete', enabled: true });
    expect(saved()).toBeNull();
    calls[0]?.reply.resolve({ settings: { ...acme.settings, adminsCanDelete: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved()).toBe('settings');
    await vi.advanceTimersByTimeAsync(SAVED_NOTE_MS - 1);
    expect(saved()).toBe('settings');

    // A newer confirmation moves the note and restarts its time.
    actor.send({ type: 'team.changeDomainSignups', enabled: false });
    calls[1]?.reply.resolve({ ...acme, domainSignupsEnabled: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved()).toBe('signup');
    await vi.advanceTimersByTimeAsync(SAVED_NOTE_MS - 1);
    expect(saved()).toBe('signup');
    await vi.advanceTimersByTimeAsync(1);
    expect(saved()).toBeNull();

    actor.send({ type: 'team.rename', name: 'Nope' });
    calls[2]?.reply.reject(new Error('down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(saved()).toBeNull();
  });
});
