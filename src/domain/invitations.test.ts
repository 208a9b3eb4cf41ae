import { describe, expect, it } from 'vitest';
import { namedInvitationListError, parseInvitationList, skippedInvitationsText } from './invitations';

const empty = { ok: false, error: { field: 'email', message: 'must not be empty' } };
const invalid = { ok: false, error: { field: 'email', message: 'is invalid' } };

describe('parseInvitationList', () => {
  it('accepts one address', () => {
    expect(parseInvitationList('ada@example.com')).toEqual({ ok: true, emails: ['ada@example.com'] });
  });

  it('splits on commas and trims each entry', () => {
    expect(parseInvitationList('  ada@example.com ,bob@example.org,\tcy@x.io  ')).toEqual({
      ok: true,
      emails: ['ada@example.com', 'bob@example.org', 'cy@x.io'],
    });
  });

  it('drops blank entries', () => {
    expect(parseInvitationList(',ada@example.com,, ,bob@example.org,')).toEqual({
      ok: true,
      emails: ['ada@example.com', 'bob@example.org'],
    });
  });

  it.each(['', '   ', ',', ' , ,, ', '\n'])('reports %j as empty', (text) => {
    expect(parseInvitationList(text)).toMatchObject(empty);
  });

  it.each([
    'ada',
    'ada@',
    '@example.com',
    'ada@@example.com',
    'ada@exa@mple.com',
    'ada lovelace@example.com',
    'ada@example.com bob@example.com',
    'ada@example.com; bob@example.com',
    'ada@example.com, bob',
    'bob, ada@example.com',
    '@',
  ])('reports %j as invalid', (text) => {
    expect(parseInvitationList(text)).toMatchObject(invalid);
  });

  it('accepts loose addresses the server may still judge (text on both sides of one @)', () => {
    expect(parseInvitationList('a@b')).toEqual({ ok: true, emails: ['a@b'] });
    expect(parseInvitationList('first.last+tag@sub.example.co.uk')).toEqual({
      ok: true,
      emails: ['first.last+tag@sub.example.co.uk'],
    });
  });

  it('invites an address once, case-insensitively, keeping the first spelling', () => {
    expect(
      parseInvitationList('Ada@Example.com, bob@x.io, ada@example.com, ADA@EXAMPLE.COM, Bob@X.io'),
    ).toEqual({
      ok: true,
      emails: ['Ada@Example.com', 'bob@x.io'],
    });
  });

  it('reports invalid before de-duplicating', () => {
    expect(parseInvitationList('ada@example.com, ada@example.com, nope')).toMatchObject(invalid);
  });
});

describe('namedInvitationListError', () => {
  it('names each bad entry after the message, as typed', () => {
    expect(namedInvitationListError(parseInvitationList('pete@acme.test, not-an-address, q@'))).toEqual({
      field: 'email',
      message: 'is invalid: not-an-address, q@',
    });
  });

  it('leaves an empty list and a good one alone', () => {
    expect(namedInvitationListError(parseInvitationList(' , '))).toEqual({
      field: 'email',
      message: 'must not be empty',
    });
    expect(namedInvitationListError(parseInvitationList('a@b'))).toBeNull();
  });
});

describe('skippedInvitationsText', () => {
  it('says which addresses were not invited and why', () => {
    expect(
      skippedInvitationsText([
        { email: 'mia@acme.test', reason: 'member' },
        { email: 'paula@acme.test', reason: 'invited' },
      ]),
    ).toBe('Not invited: mia@acme.test (already a member), paula@acme.test (already invited)');
    expect(skippedInvitationsText([])).toBeNull();
  });
});
