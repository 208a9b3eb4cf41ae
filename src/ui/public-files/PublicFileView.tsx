import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FileIconKind } from '@/domain/public-files';
import { FileIcon } from './FileIcon';
import classes from './PublicFileView.module.css';

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

/** Who answers for the file: the same on the loading card and the file's, one element for both. */
const DISCLAIMER =
  'The sender is responsible for the content of this file. Spark does not check shared files.';

/**
 * The public-file download page's body (spec section 2 'Public file'). Loading, it is the file's
 * card with placeholders where the file's details go (the prerendered page's first frame): the
 * card keeps its place as they arrive, and its last line stays the same element.
 */
export function PublicFileView(props: PublicFileViewProps) {
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
  const file = props.state === 'ready' ? props.file : null;
  return (
    <Stack py="xl" maw={520} mx="auto" gap="md">
      <Group wrap="nowrap" align="center" gap="md">
        {file ? <FileIcon kind={file.iconKind} label={file.extension} /> : <div className={classes.icon} />}
        <Stack gap={2} miw={0}>
          <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {file ? file.name : 'Download file'}
          </Title>
          <Text size="sm" c="dimmed">
            {file ? `From ${file.sender}` : 'Loading...'}
          </Text>
        </Stack>
      </Group>
      {file?.executable && (
        <Text role="note" c="orange.9" fw={500}>
          Caution: this file is a program. It can change your computer when you open it; open it only if you
          trust the sender.
        </Text>
      )}
      {file ? (
        <Button component="a" href={file.downloadHref} download={file.name} size="md">
          Download ({file.sizeText})
        </Button>
      ) : (
        <div className={classes.button} />
      )}
      {file?.timeLeft && (
        <Text size="sm" c="dimmed" ta="center">
          File will be deleted {file.timeLeft}
        </Text>
      )}
      <Text size="xs" c="dimmed" ta="center">
        {DISCLAIMER}
      </Text>
    </Stack>
  );
}
