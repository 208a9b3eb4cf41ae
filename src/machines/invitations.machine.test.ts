import { createActor, fromPromise } from 'xstate';
import type { TeamUser } from '@/domain/entities';
import { ErrorCode } from '@/domain/error-codes';
import {
  emailFieldError,
  type InviteInput,
  type InviteOutcome,
  invitationsMachine,
} from './invitations.machine';
import { TEAM_REF, teamUser } from './members.test-kit';
import { type Deferred, deferred, flush } from './session.test-kit';

function openForm() {
  const calls: { input: InviteInput; reply: Deferred<InviteOutcome> }[] = [];
  const log: string[] = [];
  const drafts: string[][] = [];
  const listed: TeamUser[][] = [];
  const escalated: unknown[] = [];
  const machine = invitationsMachine.provide({
    actors: {
      inviteUsers: fromPromise(({ input }) => {
        const reply = deferred<InviteOutcome>();
        calls.push({ input, reply });
        return reply.promise;
      }),
    },
    actions: {
      announceSent: () => log.push('flash'),
      openMailDraft: (_, emails) => {
        log.push('draft');
        drafts.push(emails);
      },
      listInvitees: (_, users) => listed.push(users),
      escalate: ({ event }) => escalated.push((event as { error?: unknown }).error),
    },
  });
  const actor = createActor(machine, { input: { ref: TEAM_REF } }).start();
  return { actor, calls, log, drafts, listed, escalated };
}

const validation = (data: unknown) => ({
  status: 400,
  code: ErrorCode.validation,
  message: 'Validation error',
  data,
});

describe('invite form', () => {
  it('sends the addresses, flashes, opens the mail draft and lists the invitees', async () => {
    const form = openForm();
    form.actor.send({ type: 'invite.submit', emails: ['pete@acme.test', 'quinn@acme.test'] });
    expect(form.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(form.calls[0]?.input).toEqual({ ref: TEAM_REF, emails: ['pete@acme.test', 'quinn@acme.test'] });

    const invited = [
      teamUser({ email: 'pete@acme.test', teamStatus: 'pending' }),
      teamUser({ id: 99, email: 'quinn@acme.test', teamStatus: 'pending' }),
    ];
    form.calls[0]?.reply.resolve({ items: invited, skipped: [] });
    await flush();
    expect(form.log).toEqual(['flash', 'draft']);
    expect(form.drafts).toEqual([['pete@acme.test', 'quinn@acme.test']]);
    expect(form.listed).toEqual([invited]);
    expect(form.actor.getSnapshot().context.sentCount).toBe(1);
  });

  it('drafts mail only to those invited and keeps the skipped, with why, for the note', async () => {
    const form = openForm();
    form.actor.send({ type: 'invite.submit', emails: ['pete@acme.test', 'mia@acme.test'] });
    const pete = teamUser({ email: 'pete@acme.test', teamStatus: 'pending' });
    const skipped = [{ email: 'mia@acme.test', reason: 'member' as const }];
    form.calls[0]?.reply.resolve({ items: [pete], skipped });
    await flush();
    expect(form.drafts).toEqual([['pete@acme.test']]);
    expect(form.actor.getSnapshot().context.skipped).toEqual(skipped);

    // The next send starts without the old note.
    form.actor.send({ type: 'invite.submit', emails: ['x@acme.test'] });
    expect(form.actor.getSnapshot().context.skipped).toEqual([]);
  });

  it('announces nothing and opens no draft when everyone was skipped', async () => {
    const form = openForm();
    form.actor.send({ type: 'invite.submit', emails: ['mia@acme.test', 'paula@acme.test'] });
    const skipped = [
      { email: 'mia@acme.test', reason: 'member' as const },
      { email: 'paula@acme.test', reason: 'invited' as const },
    ];
    form.calls[0]?.reply.resolve({ items: [], skipped });
    await flush();
    expect(form.log).toEqual([]);
    expect(form.listed).toEqual([]);
    expect(form.actor.getSnapshot().context.skipped).toEqual(skipped);
    expect(form.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it("shows the server's complaint about the addresses under the email field", async () => {
    const form = openForm();
    form.actor.send({ type: 'invite.submit', emails: ['x@y'] });
    form.calls[0]?.reply.reject(validation([{ field: 'email', message: 'is invalid' }]));
    await flush();
    expect(form.actor.getSnapshot().context.fieldError).toBe('Email is invalid');
    expect(form.escalated).toEqual([]);
    expect(form.log).toEqual([]);

    form.actor.send({ type: 'invite.edit' });
    expect(form.actor.getSnapshot().context.fieldError).toBeNull();
  });

  it('keeps the addresses the mail limits refused for the note, and escalates nothing', async () => {
    const form = openForm();
    form.actor.send({ type: 'invite.submit', emails: ['often@acme.test'] });
    const skipped = [{ email: 'often@acme.test', reason: 'limited' }];
    form.calls[0]?.reply.reject({
      status: 429,
      code: ErrorCode.tooManyRequests,
      message: 'Too many attempts. Please try again later',
      data: { retryAfter: 3600, skipped },
    });
    await flush();
    expect(form.actor.getSnapshot().context.skipped).toEqual(skipped);
    expect(form.escalated).toEqual([]);
    expect(form.log).toEqual([]);
  });

  it('hands the call limit (1800 naming nobody) and other failures to the app', async () => {
    const limited = openForm();
    limited.actor.send({ type: 'invite.submit', emails: ['pete@acme.test'] });
    const tooMany = {
      status: 429,
      code: ErrorCode.tooManyRequests,
      message: 'Too many',
      data: { retryAfter: 9 },
    };
    limited.calls[0]?.reply.reject(tooMany);
    await flush();
    expect(limited.escalated).toEqual([tooMany]);
  });

  it('hands other failures to the app', async () => {
    const form = openForm();
    form.actor.send({ type: 'invite.submit', emails: ['pete@acme.test'] });
    const error = { status: 403, code: ErrorCode.permissionDenied, message: 'No', data: null };
    form.calls[0]?.reply.reject(error);
    await flush();
    expect(form.escalated).toEqual([error]);
    expect(form.actor.getSnapshot().context.fieldError).toBeNull();
  });
});

describe('emailFieldError', () => {
  it.each([
    ['email', 'is invalid'],
    ['0.email', 'is invalid'],
    ['[1].email', 'must not be empty'],
  ])('reads the field %s as the email field, humanized', (field, message) => {
    expect(emailFieldError(validation([{ field, message }]))).toBe(`Email ${message}`);
  });

  it('ignores other fields and other errors', () => {
    expect(emailFieldError(validation([{ field: 'name', message: 'is invalid' }]))).toBeNull();
    expect(emailFieldError({ status: 500, code: null, message: 'x', data: null })).toBeNull();
    expect(emailFieldError(new Error('x'))).toBeNull();
  });
});
