import { MEMBER_FILTERS, type MemberFilter } from '@/domain/members';
import { SegmentedChoice } from '@/ui/SegmentedChoice';
import classes from './MemberFilterControl.module.css';

export interface MemberFilterControlProps {
  value: MemberFilter;
  onChange: (filter: MemberFilter) => void;
}

/** Everyone / Members only / Admins only / Pending only (spec section 2, 'Members'). */
export function MemberFilterControl({ value, onChange }: MemberFilterControlProps) {
  return (
    <SegmentedChoice
      classNames={{ root: classes.root, control: classes.control, label: classes.label }}
      label="Show"
      data={MEMBER_FILTERS}
      value={value}
      onChange={onChange}
    />
  );
}
