// Paths through a test model that cover every transition, and the coverage they reach.
// createTestModel's shortest paths reach every state but skip transitions back to a state already
// reached; here each transition gets the shortest path to its source plus itself, and paths that are
// a prefix of another are dropped.
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';

export type ModelPath = ReturnType<ReturnType<typeof createTestModel>['getShortestPaths']>[number];

export interface ModelCoverage {
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  paths: number;
}

const stateKey = (state: { value: unknown }) => JSON.stringify(state.value);

/** Only events that `playable` accepts are used (the browser cannot make the server fail). */
export function transitionCoveringPaths(
  machine: AnyStateMachine,
  playable: (eventType: string) => boolean = () => true,
): { paths: ModelPath[]; coverage: ModelCoverage } {
  const model = createTestModel(machine);
  const filterEvents = (_: unknown, event: { type: string }) => playable(event.type);
  const adjacency = model.getAdjacencyMap() as unknown as Record<
    string,
    { state: { value: unknown }; transitions: Record<string, { event: { type: string } }> }
  >;
  // The adjacency map keys a state by how it was reached too: a model state is its value.
  const shortest = new Map<string, { type: string }[]>();
  for (const path of model.getShortestPaths({ filterEvents, allowDuplicatePaths: true } as never)) {
    const events = path.steps.slice(1).map((step) => step.event as { type: string });
    const known = shortest.get(stateKey(path.state));
    if (!known || known.length > events.length) shortest.set(stateKey(path.state), events);
  }
  // Every model state reachable with playable events, and its playable transitions (each once).
  const edges = new Map<string, { event: { type: string }; next: string }[]>();
  for (const { state, transitions } of Object.values(adjacency)) {
    const known = edges.get(stateKey(state)) ?? [];
    for (const { event, state: next } of Object.values(transitions) as {
      event: { type: string };
      state: { value: unknown };
    }[]) {
      if (playable(event.type) && !known.some((edge) => edge.event.type === event.type)) {
        known.push({ event, next: stateKey(next) });
      }
    }
    edges.set(stateKey(state), known);
  }
  const initialKey = stateKey(machine.getInitialSnapshot(null as never) as { value: unknown });
  const outgoing = new Map<string, { type: string }[]>();
  const queue = [initialKey];
  while (queue.length) {
    const key = queue.shift() as string;
    if (outgoing.has(key)) continue;
    const out = edges.get(key) ?? [];
    outgoing.set(
      key,
      out.map((edge) => edge.event),
    );
    queue.push(...out.map((edge) => edge.next));
  }
  const sequences: { type: string }[][] = [];
  let totalTransitions = 0;
  for (const [key, events] of outgoing) {
    const prefix = shortest.get(key) ?? [];
    totalTransitions += events.length;
    if (events.length === 0) sequences.push(prefix);
    for (const event of events) sequences.push([...prefix, event]);
  }
  const signature = (events: { type: string }[]) => events.map((event) => `${event.type}>`).join('');
  const unique = [...new Map(sequences.map((events) => [signature(events), events])).values()];
  const kept = unique.filter(
    (events) =>
      !unique.some((other) => other.length > events.length && signature(other).startsWith(signature(events))),
  );
  const paths = kept.flatMap((events) =>
    model.getPathsFromEvents(events as never, { filterEvents } as never),
  );
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, index) => {
      coveredStates.add(stateKey(step.state));
      const previous = path.steps[index - 1];
      if (previous) coveredTransitions.add(`${stateKey(previous.state)}|${step.event.type}`);
    });
  }
  return {
    paths,
    coverage: {
      states: { covered: coveredStates.size, total: outgoing.size },
      transitions: { covered: coveredTransitions.size, total: totalTransitions },
      paths: paths.length,
    },
  };
}

/** 'states 8/8, transitions 17/17, 9 paths' */
export const formatCoverage = (name: string, { states, transitions, paths }: ModelCoverage) =>
  `${name}: states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}, ${paths} paths`;
