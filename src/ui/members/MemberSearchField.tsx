import { TextInput } from '@mantine/core';
import { useState } from 'react';

export interface MemberSearchFieldProps {
  /** The search as the page's address holds it. */
  value: string;
  onChange: (search: string) => void;
}

/** A search over the members' names and emails; each keystroke narrows the list. */
export function MemberSearchField({ value, onChange }: MemberSearchFieldProps) {
  // Typed text stays here, so the caret never jumps while the address catches up.
  const [text, setText] = useState(value);
  return (
    <TextInput
      type="search"
      aria-label="Search members"
      placeholder="Search by name or email"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        onChange(event.currentTarget.value);
      }}
    />
  );
}
