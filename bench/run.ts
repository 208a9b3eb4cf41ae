// The member list at 5,000 members: how long the work behind one filter
// change, one page arriving, one row action and the visible rows takes, without a browser.
// Run: npm run bench. Seeds the members in memory; prints median and p95 per measurement.
import { performance } from 'node:perf_hooks';
import { createActor, fromPromise } from 'xstate';
import type { Paged, Role, TeamUser } from '@/domain/entities';
import { filterAndSortMembers, MEMBER_FILTERS, type MemberFilter } from '@/domain/members';
import { allowedMemberActions } from '@/domain/permissions';
import { membersMachine } from '@/machines/members.machine';
import { createVisibleMembersSelector } from '@/machines/members.selectors';
import { memberActionMachine } from '@/machines/members-action.machine';
import { rowActionsFor } from '@/routes/team/members/row-actions';

// `npm run bench -- <name>` runs one benchmark: `members` (this file) or bench/<name>.ts, each
// printing its own table; `npm run bench` runs them all, members first.
const OTHER_BENCHMARKS = [
  'billing',
  'weight',
  'start',
  'lighthouse',
  'api',
  'files',
  'fuzz',
  'load',
  'crash',
  'trace',
];
const only = process.argv[2];
if (only && only !== 'members') {
  if (!OTHER_BENCHMARKS.includes(only)) {
    console.error(`Unknown benchmark '${only}': members, ${OTHER_BENCHMARKS.join(', ')}`);
    process.exit(2);
  }
  await import(`./${only}.ts`);
  process.exit(0);
}

const MEMBERS = 5000;
const PAGE_SIZE = 500;
/** Rows the list renders at once: a 600 px box of 60 px rows plus 8 overscan on each side. */
const RENDERED_ROWS = 26;

// --- seed -----------------------------------------------------------------------------------------

/** A small deterministic generator, so every run sorts the same team. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIRST = [
  'Ada',
  'Ben',
  'Chloé',
  'Dmitri',
  'Eva',
  'Farah',
  'Gustav',
  'Hana',
  'Ívar',
  'Jun',
  'Kofi',
  'Lena',
  'Mia',
  'Noor',
  'Olivia',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sven',
  'Tomás',
  'Uma',
  'Viktor',
  'Wen',
  'Xavier',
  'Yara',
  'Zoë',
];
const LAST = [
  'Adams',
  'Bauer',
  'Çelik',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Hughes',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'López',
  'Müller',
  'Nakamura',
  'Owens',
  'Petrov',
  'Quintero',
  'Rossi',
  'Søndergaard',
  'Tanaka',
];

export function seedMembers(count: number, seed = 42): TeamUser[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const roll = next();
    const role: Role = id === 1 ? 'owner' : roll < 0.01 ? 'admin' : 'member';
    const pending = id > 1 && roll > 0.94;
    const banned = id > 1 && !pending && roll > 0.91;
    const fullName = pending && next() < 0.7 ? '' : `${pick(FIRST)} ${pick(LAST)}`;
    return {
      id,
      teamId: 1,
      email: `person${id}@big.test`,
      fullName,
      avatar: null,
      role,
      status: 'active',
      teamStatus: pending ? 'pending' : 'active',
      isBanned: banned,
      inviterId: pending ? 1 : null,
    };
  });
}

// --- timing ---------------------------------------------------------------------------------------

interface Row {
  what: string;
  runs: number;
  median: number;
  p95: number;
  max: number;
}

const rows: Row[] = [];

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

function record(what: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  rows.push({
    what,
    runs: samples.length,
    median: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
  });
}

function measure(what: string, runs: number, work: () => void, warmup = 20) {
  for (let i = 0; i < warmup; i++) work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  record(what, samples);
}

async function measureAsync(what: string, runs: number, work: () => Promise<void>, warmup = 3) {
  for (let i = 0; i < warmup; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  record(what, samples);
}

// --- measurements ---------------------------------------------------------------------------------

const members = seedMembers(MEMBERS);
const owner = members[0] as TeamUser;
const team = {
  plan: 'premium' as const,
  settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: true },
};
const counts = Object.fromEntries(
  MEMBER_FILTERS.map(({ value }) => [value, filterAndSortMembers(members, value).length]),
) as Record<MemberFilter, number>;

// 1. One filter change: the selector recomputes filterAndSortMembers once.
for (const { value, label } of MEMBER_FILTERS) {
  measure(`filterAndSortMembers '${label}' (${counts[value]} rows)`, 300, () => {
    filterAndSortMembers(members, value);
  });
}

// 2. Any other snapshot change (an action in flight, a dialog): the memoised selector answers at once.
{
  const select = createVisibleMembersSelector();
  const snapshot = { context: { users: members, filter: 'everyone' as MemberFilter } };
  // biome-ignore lint/suspicious/noExplicitAny: a stand-in snapshot with just what the selector reads
  const asSnapshot = snapshot as any;
  select(asSnapshot);
  measure('visible-rows selector, list and filter unchanged', 2000, () => {
    select(asSnapshot);
  });
}

// 3. What rendering the visible rows adds beyond markup: each row's menu from the permission rules.
{
  let offset = 0;
  measure(`permissions + menu for ${RENDERED_ROWS} rendered rows`, 2000, () => {
    for (let i = 0; i < RENDERED_ROWS; i++) {
      const user = members[(offset + i) % MEMBERS] as TeamUser;
      rowActionsFor(allowedMemberActions(owner, team, user), user);
    }
    offset = (offset + RENDERED_ROWS) % MEMBERS;
  });
  measure(`permissions + menu for all ${MEMBERS} rows (no virtualization)`, 100, () => {
    for (const user of members) rowActionsFor(allowedMemberActions(owner, team, user), user);
  });
}

// 4. The whole list arriving in pages of 500 through the members machine, re-sorted after each page.
function pages(): Paged<TeamUser>[] {
  const result: Paged<TeamUser>[] = [];
  for (let start = 0; start < MEMBERS; start += PAGE_SIZE) {
    const end = start + PAGE_SIZE;
    result.push({ items: members.slice(start, end), nextPageToken: end < MEMBERS ? `p${end}` : null });
  }
  return result;
}
const allPages = pages();

function startMembers() {
  let page = 0;
  const machine = membersMachine.provide({
    actors: {
      loadPage: fromPromise(async () => allPages[page++] as Paged<TeamUser>),
      memberAction: memberActionMachine.provide({
        actors: {
          runMemberAction: fromPromise(async ({ input }) => ({
            updated: { ...input.user, role: 'admin' as const },
          })),
        },
      }),
    },
  });
  return createActor(machine, { input: { ref: { teamId: 1, userId: 1 } } }).start();
}

function untilComplete(actor: ReturnType<typeof startMembers>, select: (s: never) => unknown) {
  return new Promise<void>((resolve) => {
    const subscription = actor.subscribe((snapshot) => {
      select(snapshot as never);
      if (snapshot.matches({ list: 'complete' })) {
        subscription.unsubscribe();
        resolve();
      }
    });
  });
}

await measureAsync(`load ${MEMBERS} in ${allPages.length} pages, sorted after each page`, 30, async () => {
  const actor = startMembers();
  const select = createVisibleMembersSelector();
  await untilComplete(actor, select as never);
  actor.stop();
});

// 5. One row action on the full list: the change shown, the server's answer settled, re-sorted.
{
  const actor = startMembers();
  const select = createVisibleMembersSelector();
  await untilComplete(actor, select as never);
  let target = 2;
  await measureAsync(`row action on ${MEMBERS} (shown, settled, re-sorted twice)`, 200, async () => {
    const userId = target;
    target = target >= MEMBERS ? 2 : target + 1;
    actor.send({ type: 'member.act', userId, request: { kind: 'changeRole', role: 'admin' } });
    select(actor.getSnapshot());
    await new Promise<void>((resolve) => {
      const subscription = actor.subscribe((snapshot) => {
        if (snapshot.context.actions.length === 0) {
          subscription.unsubscribe();
          resolve();
        }
      });
    });
    select(actor.getSnapshot());
  });
  actor.stop();
}

// --- report ---------------------------------------------------------------------------------------

const ms = (value: number) => value.toFixed(value < 1 ? 3 : 2).padStart(8);
const width = Math.max(...rows.map((row) => row.what.length));
console.log(`\nMember list benchmark: ${MEMBERS} members, Node ${process.version}\n`);
console.log(
  `${'measurement'.padEnd(width)}  ${'runs'.padStart(5)}  ${'median ms'.padStart(9)}  ${'p95 ms'.padStart(8)}  ${'max ms'.padStart(8)}`,
);
console.log('-'.repeat(width + 40));
for (const row of rows) {
  console.log(
    `${row.what.padEnd(width)}  ${String(row.runs).padStart(5)}  ${ms(row.median).padStart(9)}  ${ms(row.p95)}  ${ms(row.max)}`,
  );
}
console.log('\nA frame is 16.7 ms; the list renders about 26 rows whatever the team size.');

if (!only) {
  for (const name of OTHER_BENCHMARKS) {
    console.log(`\n=== ${name} ===`);
    await import(`./${name}.ts`);
  }
}
