// The owner's edits of a team on the Overview (spec sections 4 and 6): each edit shows at once and
// is taken back if the server refuses it.
//
// Edits wait in a queue and go to the server one at a time, oldest first. The view shows the team
// the server last confirmed with every waiting edit on top (domain/team-edits.ts), so:
// - a confirmed edit replaces `confirmed` with the server's answer (which already carries every
//   earlier confirmed edit, because calls never overlap) and is published to the team registry;
// - a refused edit is dropped and the view recomputed without it: the edits after it stay visible
//   and are still sent, and two edits of one field end with the newest one the server accepted.
// The server's validation message for the edit's own field shows under that field; every other
// failure goes to the app-wide error handling (a danger flash, or the membership and auth rules).
// A confirmed edit says so quietly where it was made: 'Saved' for SAVED_NOTE_MS (spec: edits apply
// at once, so without it nothing tells the user the server has it).
//
// API calls, the registry, the error handling and preview URLs are injected with `provide`.
import { assertEvent, assign, cancel, fromPromise, raise, setup } from 'xstate';
import type { Team, TeamSettings } from '@/domain/entities';
import { IMAGE_TYPE_MESSAGE, isAcceptedImageName } from '@/domain/image-upload';
import { type TeamEdit, teamEditFieldError, teamWithEdits } from '@/domain/team-edits';
import { errorOf } from './actor-error';

/** Where a confirmed edit was made: its quiet 'Saved' shows there for a moment. */
export type SavedPlace = 'name' | 'signup' | 'settings' | 'logo';

/** How long 'Saved' stays beside the control after the server confirmed the change. */
export const SAVED_NOTE_MS = 3000;

function placeOf(edit: TeamEdit): SavedPlace {
  switch (edit.kind) {
    case 'rename':
      return 'name';
    case 'domainSignups':
      return 'signup';
    case 'setting':
      return 'settings';
    case 'uploadLogo':
    case 'removeLogo':
      return 'logo';
  }
}

export interface TeamEditInput {
  team: Team;
}

export interface TeamEditContext {
  /** The team as the server last answered it. */
  confirmed: Team;
  /** Edits shown but not confirmed yet, oldest first; while saving, the first is at the server. */
  pending: TeamEdit[];
  /** What the view shows: `confirmed` with every pending edit applied. */
  shown: Team;
  /** A refused rename: the server's message under the name field, and the name it refused. */
  nameError: { message: string; attempted: string } | null;
  /** Under the logo: 'PNG, JPG only' for a file of another type, or the server's message. */
  logoError: string | null;
  /** Where the last confirmed edit was made, while its 'Saved' shows; null otherwise. */
  saved: SavedPlace | null;
}

export type TeamEditEvent =
  | { type: 'team.rename'; name: string }
  | { type: 'team.changeDomainSignups'; enabled: boolean }
  | { type: 'team.changeSetting'; setting: keyof TeamSettings; enabled: boolean }
  /** preview: a local URL showing the file until the server answers (released afterwards), or null. */
  | { type: 'team.uploadLogo'; file: File; preview: string | null }
  | { type: 'team.removeLogo' }
  /** The user dismissed a field's message (say, closed the name editor). */
  | { type: 'team.dismissError'; field: 'name' | 'logo' }
  /** Raised by the machine itself once 'Saved' has shown long enough. */
  | { type: 'team.savedNoteElapsed' };

type EditEvent = Exclude<TeamEditEvent, { type: 'team.dismissError' } | { type: 'team.savedNoteElapsed' }>;

function editOf(event: EditEvent): TeamEdit {
  switch (event.type) {
    case 'team.rename':
      return { kind: 'rename', name: event.name };
    case 'team.changeDomainSignups':
      return { kind: 'domainSignups', enabled: event.enabled };
    case 'team.changeSetting':
      return { kind: 'setting', setting: event.setting, enabled: event.enabled };
    case 'team.uploadLogo':
      return { kind: 'uploadLogo', file: event.file, preview: event.preview };
    case 'team.removeLogo':
      return { kind: 'removeLogo' };
  }
}

const EDIT_EVENTS: readonly string[] = [
  'team.rename',
  'team.changeDomainSignups',
  'team.changeSetting',
  'team.uploadLogo',
  'team.removeLogo',
];

function isEditEvent(event: TeamEditEvent): event is EditEvent {
  return EDIT_EVENTS.includes(event.type);
}

/** The edit at the server: the head of the queue while saving. */
function editAtServer(context: TeamEditContext): TeamEdit {
  const edit = context.pending[0];
  if (!edit) throw new Error('team-edit: saving with no pending edit');
  return edit;
}

export const teamEditMachine = setup({
  types: {
    context: {} as TeamEditContext,
    events: {} as TeamEditEvent,
    input: {} as TeamEditInput,
  },
  actors: {
    /** Sends one edit; answers the team fields the server now has (the whole team, or { settings }). */
    saveEdit: fromPromise<Partial<Team>, { edit: TeamEdit }>(async () => {
      throw new Error('saveEdit is not provided');
    }),
  },
  actions: {
    enqueueEdit: assign(({ context, event }) => {
      if (!isEditEvent(event)) return {};
      const pending = [...context.pending, editOf(event)];
      return { pending, shown: teamWithEdits(context.confirmed, pending) };
    }),
    confirmEdit: assign(({ context }, answer: Partial<Team>) => {
      const confirmed = { ...context.confirmed, ...answer };
      const pending = context.pending.slice(1);
      return { confirmed, pending, shown: teamWithEdits(confirmed, pending) };
    }),
    rollBackEdit: assign(({ context }) => {
      const pending = context.pending.slice(1);
      return { pending, shown: teamWithEdits(context.confirmed, pending) };
    }),
    showFieldError: assign(({ context, event }) => {
      const edit = editAtServer(context);
      const fieldError = teamEditFieldError(edit, errorOf(event));
      if (fieldError?.field === 'name' && edit.kind === 'rename') {
        return { nameError: { message: fieldError.message, attempted: edit.name } };
      }
      return fieldError?.field === 'logo' ? { logoError: fieldError.message } : {};
    }),
    clearNameError: assign({ nameError: null }),
    clearLogoError: assign({ logoError: null }),
    dismissError: assign(({ event }) => {
      assertEvent(event, 'team.dismissError');
      return event.field === 'name' ? { nameError: null } : { logoError: null };
    }),
    refuseImageType: assign({ logoError: IMAGE_TYPE_MESSAGE }),
    markSaved: assign(({ context }) => ({ saved: placeOf(editAtServer(context)) })),
    clearSaved: assign({ saved: null }),
    // One timer: a newer confirmation restarts it.
    cancelSavedNote: cancel('savedNote'),
    scheduleSavedNoteEnd: raise({ type: 'team.savedNoteElapsed' }, { delay: 'savedNote', id: 'savedNote' }),
    // Injected by the app.
    /** The server confirmed a change: the team registry (selector, nav) shows it too. */
    publishTeam: (_, _team: Team) => {},
    /** Hands a failure to the app-wide error handling. */
    reportError: (_, _error: unknown) => {},
    /** An upload left the queue: its local preview URL is no longer needed. */
    releasePreview: (_, _edit: TeamEdit) => {},
  },
  delays: {
    savedNote: SAVED_NOTE_MS,
  },
  guards: {
    hasPendingEdits: ({ context }) => context.pending.length > 0,
    isAcceptedImage: ({ event }) => event.type === 'team.uploadLogo' && isAcceptedImageName(event.file.name),
    isFieldError: ({ context, event }) => teamEditFieldError(editAtServer(context), errorOf(event)) !== null,
  },
}).createMachine({
  id: 'teamEdit',
  context: ({ input }) => ({
    confirmed: input.team,
    pending: [],
    shown: input.team,
    nameError: null,
    logoError: null,
    saved: null,
  }),
  // Edits are taken in any state: they join the queue, and `idle` starts on it.
  on: {
    'team.rename': { actions: ['clearNameError', 'enqueueEdit'] },
    'team.changeDomainSignups': { actions: 'enqueueEdit' },
    'team.changeSetting': { actions: 'enqueueEdit' },
    'team.uploadLogo': [
      { guard: 'isAcceptedImage', actions: ['clearLogoError', 'enqueueEdit'] },
      {
        actions: [
          'refuseImageType',
          { type: 'releasePreview', params: ({ event }) => editOf(event as EditEvent) },
        ],
      },
    ],
    'team.removeLogo': { actions: ['clearLogoError', 'enqueueEdit'] },
    'team.dismissError': { actions: 'dismissError' },
    'team.savedNoteElapsed': { actions: 'clearSaved' },
  },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasPendingEdits', target: 'saving' },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveEdit',
        src: 'saveEdit',
        input: ({ context }) => ({ edit: editAtServer(context) }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'releasePreview', params: ({ context }) => editAtServer(context) },
            'markSaved',
            'cancelSavedNote',
            'scheduleSavedNoteEnd',
            { type: 'confirmEdit', params: ({ event }) => event.output },
            { type: 'publishTeam', params: ({ context }) => context.confirmed },
          ],
        },
        onError: [
          {
            guard: 'isFieldError',
            target: 'idle',
            actions: [
              { type: 'releasePreview', params: ({ context }) => editAtServer(context) },
              'clearSaved',
              'showFieldError',
              'rollBackEdit',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'releasePreview', params: ({ context }) => editAtServer(context) },
              'clearSaved',
              { type: 'reportError', params: ({ event }: { event: object }) => errorOf(event) },
              'rollBackEdit',
            ],
          },
        ],
      },
    },
  },
});
