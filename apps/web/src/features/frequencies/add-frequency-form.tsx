// The date pickers' styles load with the screens that show them, not with the first page.
import '@mantine/dates/styles.css';
// The picker's month names in Hindi (dayjs's own locale, which Mantine's pickers use).
import 'dayjs/locale/hi';
import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  currentMonthIn,
  DEFAULT_TIME_ZONE,
  FREQUENCY_OPTIONS,
  frequencyCodeLabel,
  FrequencyCreateBodySchema,
  issueText,
  monthLabel,
  translate,
  type FrequencyCreateBody,
} from '@portal/domain';
import { ApiError, isServiceUnavailable } from '../../api/client';
import { periodLabel } from '../../components/checker-list/deep-links';
import { ErrorPopup, updateFailedMessage } from '../../components/error-popup';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { addFrequency, frequenciesRootKey } from './frequency-api';
import { messages } from '../../i18n/messages/frequencies';

addMessages(messages);

type Field = 'frequency' | 'date';
type FieldErrors = Partial<Record<Field, string>>;

/** Mantine's placeholder grey fails WCAG AA; the theme's dimmed grey passes (docs/product.md#quality). */
const PICKER_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

/** The year-level header controls are icons; screen readers need their names. */
const pickerAriaLabels = () => ({
  previousYear: i18n._('frequencies.previousYear'),
  nextYear: i18n._('frequencies.nextYear'),
  previousDecade: i18n._('frequencies.previousDecade'),
  nextDecade: i18n._('frequencies.nextDecade'),
  yearLevelControl: i18n._('frequencies.chooseYear'),
  monthLevelControl: i18n._('frequencies.chooseMonth'),
});

/** Month controls read 'Jan'; their accessible name is the whole month, 'January 2026'. */
function monthControlProps(value: string) {
  const [year, month] = value.split('-').map(Number);
  return { 'aria-label': `${monthLabel(month!, currentLanguage())} ${year}` };
}

/** The picker's 'YYYY-MM-DD' for the first day of a month. */
function monthValue({ year, month }: { year: number; month: number }): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** Why the add failed, in the words of docs/product.md#errors where it has them. */
function popupMessage(error: Error): string {
  if (error instanceof ApiError && error.code === 'DUPLICATE_FREQUENCY') {
    return translate(currentLanguage(), 'domain.error.DUPLICATE_FREQUENCY');
  }
  if (isServiceUnavailable(error)) return updateFailedMessage();
  return error.message;
}

/**
 * docs/product.md#screens the Add form: frequency (Monthly=1, Quarterly=3) and a month picker
 * that cannot be typed into and stops at the current month of the lender's
 * time zone (docs/product.md#validation, docs/product.md#api). It checks with the API's own schema, so the
 * messages are docs/product.md#validation's 'Frequency is required' and 'Date is required'.
 */
export function AddFrequencyForm({ collateralKey }: { collateralKey: string }) {
  const { _, i18n: translator } = useLingui();
  const queryClient = useQueryClient();
  const [frequency, setFrequency] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const maxDate = monthValue(currentMonthIn(DEFAULT_TIME_ZONE));

  const add = useMutation({
    mutationFn: (body: FrequencyCreateBody) => addFrequency(collateralKey, body),
    onSuccess: ({ frequency: added }) => {
      setFrequency(null);
      setDate(null);
      notifications.show({
        color: 'green',
        title: i18n._('frequencies.added'),
        message: i18n._('frequencies.addedMessage', { period: periodLabel(added) }),
      });
      return queryClient.invalidateQueries({ queryKey: frequenciesRootKey });
    },
  });
  // The month turned while the page was open: say so under the picker, not in a popup.
  const futureError =
    add.error instanceof ApiError && add.error.code === 'FUTURE_PERIOD'
      ? add.error.message
      : undefined;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const [year, month] = date ? date.split('-').map(Number) : [];
    const parsed = FrequencyCreateBodySchema.safeParse({
      frequency: frequency === null ? undefined : Number(frequency),
      month,
      year,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field: Field = issue.path[0] === 'frequency' ? 'frequency' : 'date';
        found[field] ??= issueText(currentLanguage(), issue);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  }

  /** docs/product.md#errors: closing the popup clears the error and reloads the list. */
  function closePopup() {
    add.reset();
    void queryClient.invalidateQueries({ queryKey: frequenciesRootKey });
  }

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={handleSubmit}
      noValidate
      aria-label={_('frequencies.addForm')}
    >
      <Group align="flex-start" gap="md">
        <Select
          label={_('frequencies.frequency')}
          placeholder={_('frequencies.chooseFrequency')}
          data={FREQUENCY_OPTIONS.map((code) => ({
            value: String(code),
            label: frequencyCodeLabel(code, currentLanguage()),
          }))}
          value={frequency}
          onChange={(value) => {
            setFrequency(value);
            setErrors(({ frequency: _cleared, ...rest }) => rest);
          }}
          error={errors.frequency}
          withAsterisk
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <MonthPickerInput
          label={_('frequencies.month')}
          placeholder={_('frequencies.pickMonth')}
          styles={PICKER_STYLES}
          value={date}
          onChange={(value) => {
            setDate(value);
            setErrors(({ date: _cleared, ...rest }) => rest);
            if (futureError) add.reset();
          }}
          maxDate={maxDate}
          locale={translator.locale}
          ariaLabels={pickerAriaLabels()}
          getMonthControlProps={monthControlProps}
          error={errors.date ?? futureError}
          withAsterisk
          w={{ base: '100%', xs: 220 }}
        />
        {/* Lined up with the inputs, below their labels. */}
        <Button type="submit" loading={add.isPending} mt={{ base: 0, xs: 25 }}>
          {_('frequencies.add')}
        </Button>
      </Group>
      <ErrorPopup
        opened={add.isError && !futureError}
        onClose={closePopup}
        message={add.error ? popupMessage(add.error) : undefined}
      />
    </Paper>
  );
}
