import { act, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { PLAN_LEGAL_TEXT } from '@/domain/plan-table';
import { PlanTermsHint } from './PlanTermsHint';

describe('PlanTermsHint', () => {
  it('starts as a plain button and shows the legal text once the focus reaches it, keeping the focus', async () => {
    render(
      <Providers env="test">
        <PlanTermsHint title="Pro" />
      </Providers>,
    );
    const plain = screen.getByRole('button', { name: 'Terms of Pro' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => plain.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe(PLAN_LEGAL_TEXT);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Terms of Pro' }));
  });
});
