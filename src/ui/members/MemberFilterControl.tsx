import { SegmentedControl } from '@mantine/core';
import { MEMBER_FILTERS, type MemberFilter } from '@/domain/members';
import classes from './MemberFilterControl.module.css';

export interface MemberFilterControlProps {
  value: MemberFilter;
  onChange: (filter: MemberFilter) => void;
}

const isMemberFilter = (value: string): value is MemberFilter =>
  MEMBER_FILTERS.some((filter) => filter.value === value);

/** Everyone / Members only / Admins only / Pending only (spec section 2, 'Members'). */
export function MemberFilterControl({ value, onChange }: MemberFilterControlProps) {
  return (
    <SegmentedControl
      classNames={{ root: classes.root, control: classes.control, label: classes.label }}
      aria-label="Show"
      data={MEMBER_FILTERS.map(({ value: filter, label }) => ({ value: filter, label }))}
      value={value}
      onChange={(next) => {
        if (isMemberFilter(next)) onChange(next);
      }}
    />
  );
}
