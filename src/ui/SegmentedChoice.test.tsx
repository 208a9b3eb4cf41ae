import { fireEvent, render, screen, within } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { SegmentedChoice } from './SegmentedChoice';

const INTERVALS = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annually' },
] as const;

function renderChoice(value: 'month' | 'year') {
  const onChange = vi.fn();
  render(
    <Providers env="test">
      <SegmentedChoice label="Billing interval for Plus" data={INTERVALS} value={value} onChange={onChange} />
      <SegmentedChoice label="Billing interval for Pro" data={INTERVALS} value="month" onChange={vi.fn()} />
    </Providers>,
  );
  return { onChange, group: screen.getByRole('radiogroup', { name: 'Billing interval for Plus' }) };
}

describe('SegmentedChoice', () => {
  it('is a named radio group whose chosen segment is the checked radio, marked for its background', () => {
    const { group } = renderChoice('year');
    const annually = within(group).getByRole('radio', { name: 'Annually' });
    expect(annually).toHaveProperty('checked', true);
    expect(within(group).getByRole('radio', { name: 'Monthly' })).toHaveProperty('checked', false);
    expect(within(group).getByText('Annually').hasAttribute('data-active')).toBe(true);
    expect(within(group).getByText('Monthly').hasAttribute('data-active')).toBe(false);
  });

  it('reports the segment picked, by its label or its radio, and nothing for the one already chosen', () => {
    const { group, onChange } = renderChoice('month');
    fireEvent.click(within(group).getByText('Annually'));
    expect(onChange).toHaveBeenLastCalledWith('year');
    fireEvent.click(within(group).getByRole('radio', { name: 'Monthly' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps each group to itself: two groups on one page do not share their radios', () => {
    renderChoice('year');
    const names = screen.getAllByRole('radio').map((radio) => radio.getAttribute('name'));
    expect(new Set(names).size).toBe(2);
    const pro = screen.getByRole('radiogroup', { name: 'Billing interval for Pro' });
    expect(within(pro).getByRole('radio', { name: 'Monthly' })).toHaveProperty('checked', true);
  });
});
