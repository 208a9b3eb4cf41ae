import { ActionIcon, Text } from '@mantine/core';
import {
  type ComponentPropsWithoutRef,
  lazy,
  type Ref,
  Suspense,
  startTransition,
  useRef,
  useState,
} from 'react';
import { PLAN_LEGAL_TEXT } from '@/domain/plan-table';

// Mantine's Tooltip brings floating-ui (about 18 KB gz with the parts the page has no other use
// for): the '?' buttons start plain and load it when the pointer, the focus or a touch first
// reaches one (the size budgets).
const PlanTermsTooltip = lazy(async () => ({
  default: (await import('./PlanTermsTooltip')).PlanTermsTooltip,
}));

interface PlanTermsButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** The plan's title: the button reads 'Terms of {title}'. */
  title: string;
  ref?: Ref<HTMLButtonElement> | undefined;
}

/**
 * A plan's '?' button (plain, then inside the Tooltip: PlanTermsTooltip gets it and the text as
 * props, so its chunk shares no module with the page's).
 */
function PlanTermsButton({ title, ref, ...rest }: PlanTermsButtonProps) {
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
}

/** A plan's '?' button; its tooltip shows the plan's legal text on hover, focus and touch. */
export function PlanTermsHint({ title }: { title: string }) {
  const [woken, setWoken] = useState<{ focused: boolean } | null>(null);
  // Whether the pointer or the focus is still there when the tooltip's module arrives.
  const active = useRef({ pointer: false, focus: false });
  // A transition: the plain button stays (with the focus) until the module is there.
  const wake = (focused: boolean) => startTransition(() => setWoken((current) => current ?? { focused }));
  const plain = (
    <PlanTermsButton
      title={title}
      onPointerEnter={() => {
        active.current.pointer = true;
        wake(false);
      }}
      onPointerLeave={() => {
        active.current.pointer = false;
      }}
      onFocus={() => {
        active.current.focus = true;
        wake(true);
      }}
      onBlur={() => {
        active.current.focus = false;
      }}
    />
  );
  return (
    <Suspense fallback={plain}>
      {woken ? <TooltipWhenLoaded title={title} focused={woken.focused} active={active.current} /> : plain}
    </Suspense>
  );
}

function TooltipWhenLoaded({
  title,
  focused,
  active,
}: {
  title: string;
  focused: boolean;
  active: { pointer: boolean; focus: boolean };
}) {
  return (
    <PlanTermsTooltip
      label={PLAN_LEGAL_TEXT}
      button={(ref) => <PlanTermsButton ref={ref} title={title} />}
      focused={focused && active.focus}
      opened={active.pointer || active.focus}
    />
  );
}
