import { lazy, Suspense, type ComponentType, type RefAttributes } from 'react';
import {
  ComboboxChevron,
  getOptionsLockup,
  getParsedComboboxData,
  InputBase,
  type SelectProps,
} from '@mantine/core';
import { useLookAlike, type LookAlikeHandlers } from './look-alike';

/**
 * Mantine's Select brings its dropdown's Combobox, Popover and Floating UI; it loads once the
 * screen shows, which meanwhile shows the closed select as it will look.
 */
const Combobox = lazy<ComponentType<SelectProps & RefAttributes<HTMLInputElement>>>(
  () => import('./select-combobox'),
);

/** What the screens set on a select; the closed look-alike draws the same from them. */
type ScreenSelectProps = Pick<
  SelectProps,
  | 'label'
  | 'aria-label'
  | 'placeholder'
  | 'data'
  | 'value'
  | 'onChange'
  | 'allowDeselect'
  | 'searchable'
  | 'nothingFoundMessage'
  | 'disabled'
  | 'w'
  | 'maw'
  | 'miw'
>;

/** Mantine's Select for a control a screen shows as it first paints. */
export function Select(props: ScreenSelectProps) {
  const { lookAlike, controlRef } = useLookAlike<HTMLInputElement>();
  return (
    <Suspense fallback={<ClosedSelect {...props} lookAlike={lookAlike} />}>
      <Combobox {...props} ref={controlRef} />
    </Suspense>
  );
}

/** The closed Select: its input with the chosen option's label and the chevron. */
function ClosedSelect({
  lookAlike,
  data,
  value,
  searchable,
  label,
  'aria-label': ariaLabel,
  placeholder,
  disabled,
  w,
  maw,
  miw,
}: ScreenSelectProps & { lookAlike: LookAlikeHandlers }) {
  const chosen = value == null ? undefined : getOptionsLockup(getParsedComboboxData(data))[value];
  return (
    <InputBase
      {...lookAlike}
      label={label}
      aria-label={ariaLabel}
      placeholder={placeholder}
      disabled={disabled}
      w={w}
      maw={maw}
      miw={miw}
      value={chosen?.label ?? ''}
      readOnly
      pointer={!searchable}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
    />
  );
}
