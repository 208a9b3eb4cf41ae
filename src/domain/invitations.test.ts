import { describe, expect, it } from 'vitest';
import {
  limitedInvitations,
  namedInvitationListError,
  parseInvitationList,
  skippedInvitationsText,
} from './invitations';

const empty = { ok: false, error: { field: 'email', message: 'must not be empty' } };
const invalid = { ok: false, error: { field: 'email', message: 'is invalid' } };

describe('parseInvitationList, as strict as the sign-up form', () => {
  it.each(['<mia@acme.test', 'x;y@evil.example', 'Mia <mia@acme.test>', 'mia@acme'])('refuses %j', (text) => {
    expect(parseInvitationList(text)).toMatchObject(invalid);
  });
});

describe('limitedInvitations', () => {
  const skipped = [{ email: 'often@acme.test', reason: 'limited' }];
  it('reads the addresses a 1800 names, and nothing else', () => {
    expect(limitedInvitations({ code: 1800, data: { retryAfter: 5, skipped } })).toEqual(skipped);
    expect(limitedInvitations({ code: 1800, data: { retryAfter: 5 } })).toBeNull();
    expect(limitedInvitations({ code: 10, data: { skipped } })).toBeNull();
    expect(limitedInvitations(null)).toBeNull();
  });
});

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

  it('accepts what the sign-up form accepts; an address without a top-level domain is a typo', () => {
    expect(parseInvitationList('a@b')).toMatchObject(invalid);
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
    expect(namedInvitationListError(parseInvitationList('a@b.test'))).toBeNull();
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
