import { Button, CopyButton, Group, Input, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import type { FieldError } from '@/domain/error-codes';
import { fieldErrorText } from '@/domain/field-errors';
import classes from './UploadForm.module.css';

/** How long a link may live: the choices offered (the server allows up to 30 days). */
export const LIFETIME_CHOICES = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];

export interface UploadFormValues {
  file: File | null;
  preview: File | null;
  sender: string;
  /** Days, one of LIFETIME_CHOICES. */
  lifetimeDays: number;
}

export interface UploadFormProps {
  uploading: boolean;
  /** Share of the bytes sent (0..1), null before the first report. */
  share: number | null;
  fieldErrors: FieldError[];
  errorMessage: string | null;
  /** The share link once uploaded. */
  link: string | null;
  onSubmit: (values: UploadFormValues) => void;
  onCancel: () => void;
  onAgain: () => void;
}

// Which form field shows a server complaint about which part of the upload.
const FIELD_OF: Record<string, keyof UploadFormValues> = {
  file: 'file',
  preview: 'preview',
  'info.meta.from': 'sender',
  'info.expiresAt': 'lifetimeDays',
};

/** A chosen file, or null: a file input left empty submits an unnamed, empty File. */
function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && (value.name !== '' || value.size > 0) ? value : null;
}

/**
 * The internal upload form (spec section 2 'Upload form: requires a file'), its progress and result.
 * Plain form controls read once on submit: the statechart checks the values (a file is required) and
 * the server's field errors come back through `fieldErrors`.
 */
export function UploadForm(props: UploadFormProps) {
  const { uploading, share, fieldErrors, errorMessage, link, onSubmit, onCancel, onAgain } = props;
  const errorOf = (field: keyof UploadFormValues) => {
    const error = fieldErrors.find((candidate) => FIELD_OF[candidate.field] === field);
    return error ? fieldErrorText(error) : undefined;
  };
  const general = fieldErrors.filter((error) => !FIELD_OF[error.field]);
  const percent = Math.round((share ?? 0) * 100);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({
      file: chosenFile(data.get('file')),
      preview: chosenFile(data.get('preview')),
      sender: String(data.get('sender') ?? '').trim(),
      lifetimeDays: Number(data.get('lifetime')),
    });
  }

  if (link) {
    return (
      <Stack gap="md">
        <Title order={1}>File uploaded</Title>
        <Text>Anyone with this link can download the file until it expires:</Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput readOnly value={link} aria-label="Share link" style={{ flex: 1 }} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Button variant="light" onClick={onAgain}>
          Upload another file
        </Button>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={1}>Upload a public file</Title>
        <Input.Wrapper label="File" withAsterisk error={errorOf('file')} id="upload-file">
          <input id="upload-file" className={classes.file} type="file" name="file" disabled={uploading} />
        </Input.Wrapper>
        <Input.Wrapper
          label="Preview image (optional)"
          description="PNG or JPG"
          error={errorOf('preview')}
          id="upload-preview"
        >
          <input
            id="upload-preview"
            className={classes.file}
            type="file"
            name="preview"
            accept="image/png,image/jpeg"
            disabled={uploading}
          />
        </Input.Wrapper>
        <TextInput
          name="sender"
          label="Sender"
          description="Shown on the download page; empty: your name"
          maxLength={200}
          disabled={uploading}
          error={errorOf('sender')}
        />
        {/* Native controls here: Mantine's file and select inputs would split chunks shared with the
            team pages into more files, each compressed on its own (decision 004). */}
        <Input.Wrapper label="Delete after" error={errorOf('lifetimeDays')} id="upload-lifetime">
          <select
            id="upload-lifetime"
            className={classes.select}
            name="lifetime"
            defaultValue="7"
            disabled={uploading}
          >
            {LIFETIME_CHOICES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Input.Wrapper>
        {(errorMessage || general.length > 0) && (
          <Text role="alert" c="red" size="sm">
            {errorMessage ?? general.map(fieldErrorText).join('. ')}
          </Text>
        )}
        {uploading ? (
          <Stack gap={4}>
            <Progress value={percent} animated aria-label="Upload progress" />
            <Group justify="space-between">
              <Text size="sm">Uploading... {percent}%</Text>
              <Button variant="subtle" color="red" onClick={onCancel}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button type="submit">Upload</Button>
        )}
      </Stack>
    </form>
  );
}
