import { useId } from 'react';
import classes from './SegmentedChoice.module.css';

export interface SegmentedChoiceOption<Value extends string> {
  value: Value;
  label: string;
}

export interface SegmentedChoiceProps<Value extends string> {
  /** The group's accessible name. */
  label: string;
  data: readonly SegmentedChoiceOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  size?: 'xs' | 'sm';
  /** Extra classes per part, as Mantine's `classNames` (the page's own layout and touch sizes). */
  classNames?: Partial<Record<'root' | 'control' | 'input' | 'label', string>>;
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A choice of one among a few, drawn as segments: a radio group (role, name and arrow keys are the
 * browser's own). It replaced Mantine's SegmentedControl, whose floating indicator measures every
 * segment after each render (a forced layout, a nested update and a timer's re-render per control;
 * the billing page has one per plan) to slide a background the chosen segment can simply draw
 * (decision 032).
 */
export function SegmentedChoice<Value extends string>({
  label,
  data,
  value,
  onChange,
  size = 'sm',
  classNames,
}: SegmentedChoiceProps<Value>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      data-size={size}
      className={join(classes.root, classNames?.root)}
    >
      {data.map((option) => {
        const id = `${name}-${option.value}`;
        const active = option.value === value;
        return (
          <div key={option.value} className={join(classes.control, classNames?.control)}>
            <input
              type="radio"
              id={id}
              name={name}
              value={option.value}
              checked={active}
              onChange={() => onChange(option.value)}
              className={join(classes.input, classNames?.input)}
            />
            <label
              htmlFor={id}
              data-active={active || undefined}
              className={join(classes.label, classNames?.label)}
            >
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
