import type { Cycle } from '../api/prices';
import { paddleIso } from '../clock';

/** `iso` moved on by `count` cycles (months keep their day, clamped to the month's last day). */
export function addCycle(iso: string, cycle: Cycle, count = 1): string {
  const date = new Date(iso);
  const steps = cycle.frequency * count;
  switch (cycle.interval) {
    case 'day':
      date.setUTCDate(date.getUTCDate() + steps);
      break;
    case 'week':
      date.setUTCDate(date.getUTCDate() + 7 * steps);
      break;
    case 'month':
    case 'year': {
      const months = cycle.interval === 'year' ? 12 * steps : steps;
      const day = date.getUTCDate();
      date.setUTCDate(1);
      date.setUTCMonth(date.getUTCMonth() + months);
      const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      date.setUTCDate(Math.min(day, last));
      break;
    }
  }
  return paddleIso(date);
}
