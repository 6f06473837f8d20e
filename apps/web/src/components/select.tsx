import { lazy, Suspense, type ComponentType } from 'react';
import {
  ComboboxChevron,
  getOptionsLockup,
  getParsedComboboxData,
  InputBase,
  type SelectProps,
} from '@mantine/core';

/**
 * Mantine's Select brings its dropdown's Combobox, Popover and Floating UI; it loads once the
 * screen shows, which meanwhile shows the closed select as it will look.
 */
const Combobox = lazy<ComponentType<SelectProps>>(() => import('./select-combobox'));

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
  return (
    <Suspense fallback={<ClosedSelect {...props} />}>
      <Combobox {...props} />
    </Suspense>
  );
}

/** The closed Select: its input with the chosen option's label and the chevron. */
function ClosedSelect({
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
}: ScreenSelectProps) {
  const chosen = value == null ? undefined : getOptionsLockup(getParsedComboboxData(data))[value];
  return (
    <InputBase
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
