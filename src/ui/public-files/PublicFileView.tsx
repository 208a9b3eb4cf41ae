import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FileIconKind } from '@/domain/public-files';
import { FileIcon } from './FileIcon';

export interface PublicFileCard {
  name: string;
  /** meta.from */
  sender: string;
  sizeText: string;
  extension: string;
  iconKind: FileIconKind;
  executable: boolean;
  downloadHref: string;
  /** '{time left}' of 'File will be deleted {time left}'; null when the file does not expire. */
  timeLeft: string | null;
}

export type PublicFileViewProps =
  | { state: 'loading' }
  | { state: 'ready'; file: PublicFileCard }
  | { state: 'failed'; message: string; onRetry: (() => void) | null };

/** The public-file download page's body (spec section 2 'Public file'). */
export function PublicFileView(props: PublicFileViewProps) {
  if (props.state === 'loading') {
    return (
      <Stack align="center" py="xl">
        <Title order={1}>Download file</Title>
        <Text c="dimmed">Loading...</Text>
      </Stack>
    );
  }
  if (props.state === 'failed') {
    return (
      <Stack align="center" py="xl" maw={520} mx="auto" ta="center">
        <Title order={1}>Download file</Title>
        {/* Plain text rather than Mantine's Alert: this page's first visit stays light. */}
        <Text role="alert" c="red">
          {props.message}
        </Text>
        {props.onRetry && (
          <Anchor component="button" type="button" size="sm" fw={600} onClick={props.onRetry}>
            Retry
          </Anchor>
        )}
      </Stack>
    );
  }
  const { file } = props;
  return (
    <Stack py="xl" maw={520} mx="auto" gap="md">
      <Group wrap="nowrap" align="center" gap="md">
        <FileIcon kind={file.iconKind} label={file.extension} />
        <Stack gap={2} miw={0}>
          <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Title>
          <Text size="sm" c="dimmed">
            From {file.sender}
          </Text>
        </Stack>
      </Group>
      {file.executable && (
        <Text role="note" c="orange.9" fw={500}>
          Caution: this file is a program. It can change your computer when you open it; open it only if you
          trust the sender.
        </Text>
      )}
      <Button component="a" href={file.downloadHref} download={file.name} size="md">
        Download ({file.sizeText})
      </Button>
      {file.timeLeft && (
        <Text size="sm" c="dimmed" ta="center">
          File will be deleted {file.timeLeft}
        </Text>
      )}
      <Text size="xs" c="dimmed" ta="center">
        The sender is responsible for the content of this file. Spark does not check shared files.
      </Text>
    </Stack>
  );
}
