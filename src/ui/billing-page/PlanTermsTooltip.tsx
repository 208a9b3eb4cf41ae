import { Tooltip } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { PLAN_LEGAL_TEXT } from '@/domain/plan-table';
import { PlanTermsButton } from './PlanTermsButton';

export interface PlanTermsTooltipProps {
  title: string;
  /** The pointer or the focus is on the plain button this one replaces: show the text at once. */
  opened: boolean;
  /** The plain button had the focus: this one takes it. */
  focused: boolean;
}

/** The '?' button with Mantine's Tooltip, loaded when the pointer or the focus first reaches it. */
export function PlanTermsTooltip({ title, opened, focused }: PlanTermsTooltipProps) {
  const targetRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focused) targetRef.current?.focus();
  }, [focused]);
  return (
    <Tooltip
      label={PLAN_LEGAL_TEXT}
      multiline
      w={280}
      events={{ hover: true, focus: true, touch: true }}
      defaultOpened={opened}
    >
      <PlanTermsButton ref={targetRef} title={title} />
    </Tooltip>
  );
}
