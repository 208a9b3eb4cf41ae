import { ActionIcon, Text } from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';

export interface PlanTermsButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** The plan's title: the button reads 'Terms of {title}'. */
  title: string;
}

/** A plan's '?' button, whose tooltip holds the plan's legal text (PlanTermsHint). */
export const PlanTermsButton = forwardRef<HTMLButtonElement, PlanTermsButtonProps>(function PlanTermsButton(
  { title, ...rest },
  ref,
) {
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size="sm"
      radius="xl"
      aria-label={`Terms of ${title}`}
      {...rest}
    >
      <Text span size="xs" fw={700} aria-hidden>
        ?
      </Text>
    </ActionIcon>
  );
});
