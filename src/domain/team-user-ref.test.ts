import { describe, expect, it } from 'vitest';
import { formatTeamUserRef, parseTeamUserRef } from './team-user-ref';

describe('parseTeamUserRef', () => {
  it.each([
    ['12-34', { teamId: 12, userId: 34 }],
    ['1-1', { teamId: 1, userId: 1 }],
    ['100-2000', { teamId: 100, userId: 2000 }],
    ['9007199254740991-1', { teamId: Number.MAX_SAFE_INTEGER, userId: 1 }],
  ])('%j -> %j', (segment, ref) => {
    expect(parseTeamUserRef(segment)).toEqual(ref);
  });

  it.each([
    '',
    '12',
    '12-',
    '-34',
    '12-34-56',
    '0-1',
    '1-0',
    '01-2',
    '1-02',
    '+1-2',
    '1-+2',
    '-1-2',
    ' 1-2',
    '1-2 ',
    '1 -2',
    '1.0-2',
    '1e3-2',
    '0x1-2',
    'a-b',
    '١-٢',
    '12_34',
    '9007199254740992-1',
    '1-9007199254740992',
    '99999999999999999999-1',
  ])('rejects %j', (segment) => {
    expect(parseTeamUserRef(segment)).toBeNull();
  });
});

describe('formatTeamUserRef', () => {
  it('writes teamId-userId', () => {
    expect(formatTeamUserRef({ teamId: 12, userId: 34 })).toBe('12-34');
  });

  it('round-trips with parseTeamUserRef', () => {
    for (const ref of [
      { teamId: 1, userId: 2 },
      { teamId: 12345, userId: 678 },
      { teamId: Number.MAX_SAFE_INTEGER, userId: Number.MAX_SAFE_INTEGER },
    ]) {
      expect(parseTeamUserRef(formatTeamUserRef(ref))).toEqual(ref);
    }
  });

  it.each([
    { teamId: 0, userId: 1 },
    { teamId: 1, userId: -2 },
    { teamId: 1.5, userId: 2 },
    { teamId: Number.NaN, userId: 2 },
    { teamId: 2 ** 53, userId: 2 },
  ])('throws for %j', (ref) => {
    expect(() => formatTeamUserRef(ref)).toThrow(RangeError);
  });
});
