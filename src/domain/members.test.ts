import { describe, expect, it } from 'vitest';
import { teamUserFixture } from '@/test/entity-fixtures';
import type { TeamUser } from './entities';
import {
  compareMembers,
  DEFAULT_MEMBER_FILTER,
  displayName,
  filterAndSortMembers,
  INACTIVE_MEMBER_LABEL,
  MEMBER_FILTERS,
  type MemberFilter,
  matchesMemberFilter,
  matchesMemberSearch,
  memberStatusLabel,
  parseMemberFilter,
} from './members';

let nextId = 1;
function user(overrides: Partial<TeamUser> = {}): TeamUser {
  const id = nextId++;
  return teamUserFixture({ id, email: `user${id}@example.com`, fullName: `User ${id}`, ...overrides });
}

const names = (users: readonly TeamUser[]) => users.map(displayName);

describe('MEMBER_FILTERS', () => {
  it('lists the four filters in menu order with their labels', () => {
    expect(MEMBER_FILTERS).toEqual([
      { value: 'everyone', label: 'Everyone' },
      { value: 'members', label: 'Members only' },
      { value: 'admins', label: 'Admins only' },
      { value: 'pending', label: 'Pending only' },
    ]);
    expect(DEFAULT_MEMBER_FILTER).toBe('everyone');
  });
});

describe('displayName', () => {
  it('uses the full name, trimmed', () => {
    expect(displayName({ fullName: '  Ada Lovelace ', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('falls back to the email when the name is blank', () => {
    expect(displayName({ fullName: '', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName({ fullName: '   ', email: 'ada@example.com' })).toBe('ada@example.com');
  });
});

describe('matchesMemberFilter', () => {
  const owner = user({ role: 'owner' });
  const admin = user({ role: 'admin' });
  const member = user({ role: 'member' });
  const pending = user({ teamStatus: 'pending' });
  const pendingAdmin = user({ role: 'admin', teamStatus: 'pending' });
  const bannedPending = user({ teamStatus: 'pending', isBanned: true });
  const banned = user({ isBanned: true });

  const table: [string, TeamUser, Record<MemberFilter, boolean>][] = [
    ['owner', owner, { everyone: true, members: false, admins: true, pending: false }],
    ['admin', admin, { everyone: true, members: false, admins: true, pending: false }],
    ['member', member, { everyone: true, members: true, admins: false, pending: false }],
    ['pending member', pending, { everyone: true, members: true, admins: false, pending: true }],
    ['pending admin', pendingAdmin, { everyone: true, members: false, admins: true, pending: true }],
    ['banned pending', bannedPending, { everyone: true, members: true, admins: false, pending: false }],
    ['banned member', banned, { everyone: true, members: true, admins: false, pending: false }],
  ];

  for (const [label, subject, expected] of table) {
    for (const filter of MEMBER_FILTERS.map((f) => f.value)) {
      it(`${label} under ${filter}: ${expected[filter]}`, () => {
        expect(matchesMemberFilter(subject, filter)).toBe(expected[filter]);
      });
    }
  }

  it.each(MEMBER_FILTERS.map((f) => f.value))('never shows deleted members under %s', (filter) => {
    for (const role of ['owner', 'admin', 'member'] as const) {
      expect(matchesMemberFilter(user({ role, teamStatus: 'deleted' }), filter)).toBe(false);
      expect(matchesMemberFilter(user({ role, teamStatus: 'deleted', isBanned: true }), filter)).toBe(false);
    }
  });
});

describe('filterAndSortMembers', () => {
  it('orders by not banned, then active status, then team status, then name', () => {
    const input = [
      user({ fullName: 'Zed banned', isBanned: true }),
      user({
        fullName: 'Amy banned inactive pending',
        isBanned: true,
        status: 'disabled',
        teamStatus: 'pending',
      }),
      user({ fullName: 'Bob inactive', status: 'disabled' }),
      user({ fullName: 'Cat pending', teamStatus: 'pending' }),
      user({ fullName: 'Dan' }),
      user({ fullName: 'Abe' }),
      user({ fullName: 'Ann inactive pending', status: 'disabled', teamStatus: 'pending' }),
      user({ fullName: 'Aaa banned', isBanned: true }),
    ];
    expect(names(filterAndSortMembers(input, 'everyone'))).toEqual([
      'Abe',
      'Dan',
      'Cat pending',
      'Bob inactive',
      'Ann inactive pending',
      'Aaa banned',
      'Zed banned',
      'Amy banned inactive pending',
    ]);
  });

  it('puts not-banned first even when everything else favours the banned one', () => {
    const result = filterAndSortMembers(
      [user({ fullName: 'A', isBanned: true }), user({ fullName: 'Z', status: 'x', teamStatus: 'pending' })],
      'everyone',
    );
    expect(names(result)).toEqual(['Z', 'A']);
  });

  it('ranks status before team status', () => {
    const result = filterAndSortMembers(
      [user({ fullName: 'A', status: 'disabled' }), user({ fullName: 'Z', teamStatus: 'pending' })],
      'everyone',
    );
    expect(names(result)).toEqual(['Z', 'A']);
  });

  it('sorts names case-insensitively and with the locale (accents next to their letter)', () => {
    const input = ['bob', 'Álvaro', 'alice', 'Zoe', 'émile', 'Carl'].map((fullName) => user({ fullName }));
    expect(names(filterAndSortMembers(input, 'everyone'))).toEqual([
      'alice',
      'Álvaro',
      'bob',
      'Carl',
      'émile',
      'Zoe',
    ]);
  });

  it('sorts a blank name by the email', () => {
    const input = [
      user({ fullName: 'Mia' }),
      user({ fullName: '', email: 'zack@example.com' }),
      user({ fullName: ' ', email: 'aaron@example.com' }),
    ];
    expect(names(filterAndSortMembers(input, 'everyone'))).toEqual([
      'aaron@example.com',
      'Mia',
      'zack@example.com',
    ]);
  });

  it('is stable: equal keys keep the input order', () => {
    const first = user({ fullName: 'Sam' });
    const second = user({ fullName: 'sam' });
    const third = user({ fullName: 'SAM' });
    expect(filterAndSortMembers([first, second, third], 'everyone')).toEqual([first, second, third]);
    expect(filterAndSortMembers([third, first, second], 'everyone')).toEqual([third, first, second]);
  });

  it('hides deleted members and applies the filter', () => {
    const owner = user({ fullName: 'Olga', role: 'owner' });
    const admin = user({ fullName: 'Adam', role: 'admin' });
    const member = user({ fullName: 'Mark' });
    const invitee = user({ fullName: '', email: 'new@example.com', teamStatus: 'pending' });
    const bannedInvitee = user({ fullName: 'Ben', teamStatus: 'pending', isBanned: true });
    const removed = user({ fullName: 'Gone', teamStatus: 'deleted' });
    const all = [removed, member, bannedInvitee, invitee, admin, owner];

    expect(filterAndSortMembers(all, 'everyone')).toEqual([admin, member, owner, invitee, bannedInvitee]);
    expect(filterAndSortMembers(all, 'members')).toEqual([member, invitee, bannedInvitee]);
    expect(filterAndSortMembers(all, 'admins')).toEqual([admin, owner]);
    expect(filterAndSortMembers(all, 'pending')).toEqual([invitee]);
  });

  it('returns a new array and leaves the input untouched', () => {
    const input = [user({ fullName: 'B' }), user({ fullName: 'A' })];
    const copy = [...input];
    const result = filterAndSortMembers(input, 'everyone');
    expect(result).not.toBe(input);
    expect(input).toEqual(copy);
  });

  it('handles an empty list', () => {
    expect(filterAndSortMembers([], 'everyone')).toEqual([]);
  });

  it('agrees with compareMembers', () => {
    const input = Array.from({ length: 200 }, (_, i) =>
      user({
        fullName: ['kim', 'Lee', 'Ana', ''][i % 4] ?? '',
        isBanned: i % 7 === 0,
        status: i % 5 === 0 ? 'disabled' : 'active',
        teamStatus: i % 3 === 0 ? 'pending' : 'active',
      }),
    );
    const sorted = filterAndSortMembers(input, 'everyone');
    for (let i = 1; i < sorted.length; i++) {
      expect(compareMembers(sorted[i - 1] as TeamUser, sorted[i] as TeamUser)).toBeLessThanOrEqual(0);
    }
  });

  it('reads each member once and stays fast for 5,000 members', () => {
    let fullNameReads = 0;
    const input = Array.from({ length: 5000 }, (_, i) => {
      const u = user({
        isBanned: i % 11 === 0,
        status: i % 13 === 0 ? 'disabled' : 'active',
        teamStatus: i % 17 === 0 ? 'pending' : i % 19 === 0 ? 'deleted' : 'active',
        role: i % 23 === 0 ? 'admin' : 'member',
      });
      const fullName = `Member ${(i * 7919) % 5000}`;
      Object.defineProperty(u, 'fullName', {
        get: () => {
          fullNameReads++;
          return fullName;
        },
      });
      return u;
    });

    const started = performance.now();
    const result = filterAndSortMembers(input, 'everyone');
    const elapsed = performance.now() - started;

    // Keys are computed once per listed member, not once per comparison (about 60,000 here).
    expect(fullNameReads).toBeLessThanOrEqual(5000);
    expect(result.length).toBe(input.filter((u) => u.teamStatus !== 'deleted').length);
    for (let i = 1; i < result.length; i++) {
      expect(compareMembers(result[i - 1] as TeamUser, result[i] as TeamUser)).toBeLessThanOrEqual(0);
    }
    // Generous bound for slow CI machines; a quadratic version takes seconds.
    expect(elapsed).toBeLessThan(500);
  });
});

describe('memberStatusLabel', () => {
  it("labels banned members 'Inactive'", () => {
    expect(INACTIVE_MEMBER_LABEL).toBe('Inactive');
    expect(memberStatusLabel({ isBanned: true })).toBe('Inactive');
  });

  it('gives no label otherwise', () => {
    expect(memberStatusLabel({ isBanned: false })).toBeNull();
  });
});

describe('matchesMemberSearch and parseMemberFilter', () => {
  const adam = { fullName: 'Adam Admin', email: 'adam@acme.test' };

  it('finds every word in the name or the email, in any case', () => {
    expect(matchesMemberSearch(adam, '')).toBe(true);
    expect(matchesMemberSearch(adam, '  ')).toBe(true);
    expect(matchesMemberSearch(adam, 'ADMIN')).toBe(true);
    expect(matchesMemberSearch(adam, 'acme.test adam')).toBe(true);
    expect(matchesMemberSearch(adam, 'adam mia')).toBe(false);
  });

  it('reads a filter from the address, anything unknown as Everyone', () => {
    expect(parseMemberFilter('pending')).toBe('pending');
    expect(parseMemberFilter('admins')).toBe('admins');
    expect(parseMemberFilter('nonsense')).toBe('everyone');
    expect(parseMemberFilter(null)).toBe('everyone');
  });
});
