// The date pickers' styles load with the screens that show them, not with the first page.
import '@mantine/dates/styles.css';
// The pickers' month and day names in Hindi (dayjs's own locale, which Mantine's pickers use).
import 'dayjs/locale/hi';
import { lazy, Suspense, type ComponentType, type RefAttributes } from 'react';
import { Input, InputBase } from '@mantine/core';
import { getFormattedDate, useDatesContext, type DatePickerInputProps } from '@mantine/dates';
import { useLingui } from '../i18n';
import classes from './date-picker-input.module.css';
import { useLookAlike, type LookAlikeHandlers } from './look-alike';

/**
 * Mantine's DatePickerInput brings its calendar, Popover, Modal and Floating UI; it loads once
 * the screen shows, which meanwhile shows the closed picker as it will look.
 */
const Calendar = lazy<ComponentType<DatePickerInputProps & RefAttributes<HTMLButtonElement>>>(
  () => import('./date-picker-calendar'),
);

/** docs/product.md#look-and-feel: dates read '22 Nov 2026' in the pickers too. */
const DATE_FORMAT = 'D MMM YYYY';

/**
 * The placeholder is page text, and Mantine's placeholder grey is below WCAG AA
 * (axe color-contrast); the theme's dimmed grey passes (docs/product.md#quality).
 */
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

/** What the screens set on a date picker; the closed look-alike draws the same from them. */
type ScreenDatePickerProps = Pick<
  DatePickerInputProps,
  | 'label'
  | 'placeholder'
  | 'value'
  | 'onChange'
  | 'minDate'
  | 'maxDate'
  | 'error'
  | 'withAsterisk'
  | 'clearable'
>;

/** Mantine's DatePickerInput, in the chosen language, for a picker a screen shows as it first paints. */
export function DatePickerInput(props: ScreenDatePickerProps) {
  const { i18n } = useLingui();
  const { lookAlike, controlRef } = useLookAlike<HTMLButtonElement>();
  return (
    <Suspense
      fallback={<ClosedDatePickerInput {...props} locale={i18n.locale} lookAlike={lookAlike} />}
    >
      <Calendar
        {...props}
        ref={controlRef}
        valueFormat={DATE_FORMAT}
        locale={i18n.locale}
        styles={PLACEHOLDER_STYLES}
      />
    </Suspense>
  );
}

/** The closed DatePickerInput: its button with the date as Mantine writes it, or the placeholder. */
function ClosedDatePickerInput({
  lookAlike,
  locale,
  label,
  placeholder,
  value,
  onChange,
  error,
  withAsterisk,
  clearable,
}: ScreenDatePickerProps & { locale: string; lookAlike: LookAlikeHandlers }) {
  const dates = useDatesContext();
  const formattedValue = getFormattedDate({
    type: 'default',
    date: value ?? null,
    locale: dates.getLocale(locale),
    format: DATE_FORMAT,
    labelSeparator: dates.getLabelSeparator(),
  });
  return (
    <InputBase
      {...lookAlike}
      component="button"
      type="button"
      label={label}
      withAsterisk={withAsterisk}
      error={error}
      classNames={{ input: classes.input }}
      aria-haspopup="dialog"
      aria-expanded={false}
      rightSection={
        clearable && formattedValue ? <Input.ClearButton onClick={() => onChange?.(null)} /> : null
      }
    >
      {formattedValue || (
        <Input.Placeholder error={error} styles={PLACEHOLDER_STYLES}>
          {placeholder}
        </Input.Placeholder>
      )}
    </InputBase>
  );
}
