import { describe, expect, it } from 'vitest';
import { isTrialing, TRIAL_DAYS, trialDaysLeft } from './trial';

const DAY_MS = 86_400_000;
const now = Date.UTC(2025, 0, 1, 12, 0, 0);
const endIn = (ms: number) => (now + ms) / 1000;

describe('TRIAL_DAYS', () => {
  it('is 14 days', () => {
    expect(TRIAL_DAYS).toBe(14);
  });
});

describe('trialDaysLeft', () => {
  it('counts a full fresh trial as 14 days', () => {
    expect(trialDaysLeft(endIn(TRIAL_DAYS * DAY_MS), now)).toBe(14);
  });

  it('floors: one millisecond short of 14 days is 13', () => {
    expect(trialDaysLeft(endIn(14 * DAY_MS - 1), now)).toBe(13);
  });

  it('floors: one second past a whole day still counts that day only', () => {
    expect(trialDaysLeft(endIn(DAY_MS + 1000), now)).toBe(1);
  });

  it.each([
    [DAY_MS, 1],
    [DAY_MS - 1000, 0],
    [2 * DAY_MS, 2],
    [2.5 * DAY_MS, 2],
    [1000, 0],
  ])('%j ms left -> %j days', (leftMs, days) => {
    expect(trialDaysLeft(endIn(leftMs), now)).toBe(days);
  });

  it('is 0 at the exact end and after it, never negative', () => {
    expect(trialDaysLeft(endIn(0), now)).toBe(0);
    expect(trialDaysLeft(endIn(-1000), now)).toBe(0);
    expect(trialDaysLeft(endIn(-30 * DAY_MS), now)).toBe(0);
  });

  it('is 0 without an end date', () => {
    expect(trialDaysLeft(null, now)).toBe(0);
    expect(trialDaysLeft(undefined, now)).toBe(0);
    expect(trialDaysLeft(Number.NaN, now)).toBe(0);
  });

  it('reads the end in seconds and now in milliseconds', () => {
    const endSeconds = Date.UTC(2025, 0, 11, 12, 0, 0) / 1000;
    expect(trialDaysLeft(endSeconds, now)).toBe(10);
  });
});

describe('isTrialing', () => {
  it('is true for an in-progress trial with an end date', () => {
    expect(isTrialing({ trialStatus: 'in_progress', trialEndAt: endIn(DAY_MS) })).toBe(true);
  });

  it('is false without the in-progress status', () => {
    expect(isTrialing({ trialStatus: null, trialEndAt: endIn(DAY_MS) })).toBe(false);
  });

  it('is false without an end date', () => {
    expect(isTrialing({ trialStatus: 'in_progress', trialEndAt: null })).toBe(false);
  });

  it('treats an end date of 0 (epoch) as present: the status decides', () => {
    expect(isTrialing({ trialStatus: 'in_progress', trialEndAt: 0 })).toBe(true);
  });
});
