import { Combobox, useCombobox } from '@mantine/core';
import { useId, useLayoutEffect, useRef } from 'react';
import type { PopupProps } from '@/ui/lazy-popup';
import { isCurrent, optionValue, sameEmail, type TeamChoiceProps, TeamLabel } from './TeamLabel';

/**
 * The team dropdown once first opened (loaded then, see lazyPopup in lazy-view.tsx): Mantine's
 * Combobox around the same button, which takes the focus and opens on mounting.
 */
export function TeamSelectorOpen({
  memberships,
  current,
  signedInEmail,
  onSelect,
  trigger,
}: PopupProps<TeamChoiceProps>) {
  // The click that loaded this module opened it.
  const combobox = useCombobox({ defaultOpened: true });
  const idPrefix = useId();
  const targetRef = useRef<HTMLButtonElement>(null);
  // The plain button that had the focus is gone: this one takes it.
  useLayoutEffect(() => {
    targetRef.current?.focus();
  }, []);

  const submit = (value: string) => {
    const membership = memberships.find((candidate) => optionValue(candidate) === value);
    combobox.closeDropdown();
    if (membership) onSelect(membership.team.id, membership.profile.id);
  };

  // Not in a portal: the list stays inside the header's banner landmark (axe 'region').
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={submit}
      width={320}
      position="bottom-start"
      withinPortal={false}
    >
      {/* aria-expanded as the closed button has it; Mantine's withExpandedAttribute would also make it a combobox. */}
      <Combobox.Target targetType="button" aria-expanded={combobox.dropdownOpened}>
        {trigger({ ref: targetRef, onClick: () => combobox.toggleDropdown() })}
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="Teams">
          {memberships.length === 0 ? (
            <Combobox.Empty>No teams available</Combobox.Empty>
          ) : (
            memberships.map((membership) => {
              const value = optionValue(membership);
              const currentOne = isCurrent(membership, current);
              return (
                <Combobox.Option
                  key={value}
                  value={value}
                  active={currentOne}
                  selected={currentOne}
                  aria-selected={currentOne}
                  aria-label={membership.team.name}
                  aria-describedby={
                    sameEmail(membership.profile.email, signedInEmail) ? undefined : `${idPrefix}-${value}`
                  }
                >
                  <TeamLabel
                    membership={membership}
                    emailId={`${idPrefix}-${value}`}
                    signedInEmail={signedInEmail}
                  />
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
