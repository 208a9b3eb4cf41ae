import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import type { FieldError } from '@/domain/error-codes';
import { SingleFieldForm } from '@/ui/SingleFieldForm';

const notEmpty = (value: string): FieldError | null =>
  value.trim() === '' ? { field: 'Name', message: 'must not be empty' } : null;

function renderForm(serverError: string | null = null) {
  const onSubmit = vi.fn();
  const onEdit = vi.fn();
  const ui = (error: string | null) => (
    <Providers env="test">
      <SingleFieldForm
        rule={notEmpty}
        serverError={error}
        onEdit={onEdit}
        submitLabel="Save"
        onSubmit={onSubmit}
        inputProps={{ label: 'Name' }}
      />
    </Providers>
  );
  const view = render(ui(serverError));
  return { onSubmit, onEdit, rerender: (error: string | null) => view.rerender(ui(error)) };
}

const field = () => screen.getByRole('textbox', { name: 'Name' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('SingleFieldForm', () => {
  it('checks the rule on submit, shows its complaint until the value changes, then submits what was typed', () => {
    const { onSubmit } = renderForm();
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Name must not be empty')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(), { target: { value: 'Acme' } });
    expect(screen.queryByText('Name must not be empty')).toBeNull();
    submit();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Acme');
  });

  it("shows the server's complaint under the field and reports the first edit after it", () => {
    const { onEdit, rerender } = renderForm();
    fireEvent.change(field(), { target: { value: 'Taken' } });
    expect(onEdit).not.toHaveBeenCalled();
    rerender('Name is already taken');
    expect(screen.getByText('Name is already taken')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'Taken 2' } });
    expect(screen.queryByText('Name is already taken')).toBeNull();
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});
