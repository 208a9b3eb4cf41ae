import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { TeamEvent } from '@/domain/entities';
import classes from './EventStreamView.module.css';

export interface StreamOption {
  /** 'global', or '{tid}-{uid}'. */
  value: string;
  label: string;
}

export interface EventStreamViewProps {
  streams: StreamOption[];
  stream: string;
  lookbehindOptions: readonly number[];
  lookbehindMinutes: number;
  /** Oldest first; shown newest first. */
  events: TeamEvent[];
  status: 'live' | 'failing' | 'paused';
  onStreamChange: (value: string) => void;
  onLookbehindChange: (minutes: number) => void;
}

const statusText = {
  live: 'Live',
  failing: 'Connection problem, retrying...',
  paused: 'Paused while the page is hidden',
} as const;

/** One line of the data for the collapsed row; the whole of it when expanded. */
function preview(data: unknown): string {
  const text = JSON.stringify(data) ?? '';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The debug viewer (spec section 2 '/debug-es'): stream, lookbehind, and a live table of events. */
export function EventStreamView(props: EventStreamViewProps) {
  const newestFirst = [...props.events].reverse();
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        Event stream
      </Title>
      <Group align="end">
        <NativeSelect
          label="Stream"
          value={props.stream}
          data={props.streams}
          onChange={(event) => props.onStreamChange(event.currentTarget.value)}
        />
        <NativeSelect
          label="Lookbehind (minutes)"
          value={String(props.lookbehindMinutes)}
          data={props.lookbehindOptions.map(String)}
          onChange={(event) => props.onLookbehindChange(Number(event.currentTarget.value))}
        />
        <Text size="sm" c={props.status === 'failing' ? 'red' : 'dimmed'} role="status">
          {statusText[props.status]}
        </Text>
      </Group>
      {/* Wide rows scroll inside their own box, so the page keeps the screen's width on a phone. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard */}
      <section className={classes.scroller} aria-label="Events table" tabIndex={0}>
        <table className={classes.table} aria-label="Events">
          <thead>
            <tr>
              <th>Time</th>
              <th>Type</th>
              <th>Data</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((event) => (
              <tr key={`${event.id}-${event.type}-${JSON.stringify(event.data)}`}>
                <td className={classes.time}>{new Date(event.id).toISOString()}</td>
                <td>{event.type}</td>
                <td className={classes.data} data-raw-json>
                  <details>
                    <summary className={classes.summary}>{preview(event.data)}</summary>
                    <pre>{JSON.stringify(event.data, null, 2)}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {newestFirst.length === 0 && (
        <Text c="dimmed" size="sm">
          No events yet.
        </Text>
      )}
    </Stack>
  );
}
