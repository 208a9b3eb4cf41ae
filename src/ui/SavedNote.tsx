import { Text } from '@mantine/core';

export const SAVED_TEXT = 'Saved';

/**
 * A quiet 'Saved' beside a control that saves at once. The live region is always in the page (empty
 * until shown), so screen readers announce the word when it appears.
 */
export function SavedNote({ shown }: { shown: boolean }) {
  return (
    <Text component="span" role="status" size="sm" c="green.9" fw={500}>
      {shown ? SAVED_TEXT : ''}
    </Text>
  );
}
