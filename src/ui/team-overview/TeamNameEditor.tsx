import { ActionIcon, Button, Title } from '@mantine/core';
import { useState } from 'react';
import { normalizeTeamName, teamNameError } from '@/domain/team-details';
import { LazySingleFieldForm as SingleFieldForm } from '@/ui/lazy-single-field-form';
import { SavedNote } from '@/ui/SavedNote';
import classes from './TeamOverview.module.css';

export interface TeamNameEditorProps {
  name: string;
  /** The owner may rename the team (canEditTeam). */
  editable: boolean;
  /** The server's message for a refused name: the editor opens with it under the field. */
  error: string | null;
  /** The name the server refused, put back into the field beside the message. */
  refusedName: string | null;
  /** A new, non-empty, trimmed name. */
  onRename: (name: string) => void;
  /** The editor closed while showing the server's message. */
  onDismissError: () => void;
  /** The server just confirmed a rename: 'Saved' shows beside the name for a moment. */
  saved?: boolean;
}

/** The team name as a heading; for the owner, with an inline editor behind 'Edit team name'. */
export function TeamNameEditor({
  name,
  editable,
  error,
  refusedName,
  onRename,
  onDismissError,
  saved = false,
}: TeamNameEditorProps) {
  const [editing, setEditing] = useState(false);
  if (!editable || !(editing || error)) {
    return (
      <div className={classes.nameRow}>
        <Title order={3}>{name}</Title>
        {editable && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Edit team name"
            className={classes.touchTarget}
            onClick={() => setEditing(true)}
          >
            <PencilIcon />
          </ActionIcon>
        )}
        {editable && <SavedNote shown={saved} />}
      </div>
    );
  }
  const close = () => {
    setEditing(false);
    if (error) onDismissError();
  };
  return (
    <NameForm
      // A new refusal starts the form afresh with the refused name and its message.
      key={error ? `refused:${refusedName ?? ''}:${error}` : 'editing'}
      initialName={refusedName ?? name}
      serverError={error}
      onSubmit={(next) => {
        close();
        if (next !== name) onRename(next);
      }}
      onCancel={close}
    />
  );
}

interface NameFormProps {
  initialName: string;
  serverError: string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

function NameForm({ initialName, serverError, onSubmit, onCancel }: NameFormProps) {
  return (
    <SingleFieldForm
      className={classes.nameForm}
      size="md"
      initialValue={initialName}
      rule={teamNameError}
      serverError={serverError}
      submitLabel="Save"
      inputProps={{
        'aria-label': 'Name',
        // The editor opens on the user's request: the field is where they are going.
        autoFocus: true,
        onKeyDown: (event) => {
          if (event.key === 'Escape') onCancel();
        },
      }}
      onSubmit={(name) => onSubmit(normalizeTeamName(name))}
    >
      <Button variant="default" size="md" onClick={onCancel}>
        Cancel
      </Button>
    </SingleFieldForm>
  );
}

function PencilIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </svg>
  );
}
