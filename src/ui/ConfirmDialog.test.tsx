import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Providers } from '@/app/providers';
import { ConfirmDialog } from '@/ui/ConfirmDialog';

function Opener() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Delete Mia
      </button>
      <ConfirmDialog
        opened={opened}
        title="Delete user"
        confirmLabel="Delete"
        onConfirm={() => setOpened(false)}
        onDismiss={() => setOpened(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('gives the focus back to the opener when it closes, the first time too', async () => {
    render(
      <Providers env="test">
        <Opener />
      </Providers>,
    );
    const opener = screen.getByRole('button', { name: 'Delete Mia' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
