import { Tooltip } from '@mantine/core';
import { type ReactElement, type Ref, useLayoutEffect, useRef } from 'react';

export interface PlanTermsTooltipProps {
  /** The plan's legal text. */
  label: string;
  /** The '?' button, given the tooltip's ref. */
  button: (ref: Ref<HTMLButtonElement>) => ReactElement;
  /** The pointer or the focus is on the plain button this one replaces: show the text at once. */
  opened: boolean;
  /** The plain button had the focus: this one takes it. */
  focused: boolean;
}

/** The '?' button with Mantine's Tooltip, loaded when the pointer or the focus first reaches it. */
export function PlanTermsTooltip({ label, button, opened, focused }: PlanTermsTooltipProps) {
  const targetRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focused) targetRef.current?.focus();
  }, [focused]);
  return (
    <Tooltip
      label={label}
      multiline
      w={280}
      events={{ hover: true, focus: true, touch: true }}
      defaultOpened={opened}
    >
      {button(targetRef)}
    </Tooltip>
  );
}
