import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_TIME_ZONE,
  issueText,
  LoanStatementCreateBodySchema,
  LoanStatementRequestResponseSchema,
  loanStatementDatesProblem,
  loanStatementWindow,
  todayIn,
  translate,
  type LoanStatementCreateBody,
} from '@portal/domain';
import { apiSend } from '../../api/client';
import { DatePickerInput } from '../../components/date-picker-input';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { loanStatementRequestsPath, loanStatementRequestsQuery } from './loan-statement-queries';
import { messages } from '../../i18n/messages/loanStatement';

addMessages(messages);

type Field = 'fromDate' | 'toDate' | 'borrowerRemarks';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * docs/product.md#screens "Loan statement page": From and To pickers (no typing), optional
 * remarks and Submit. The form checks with the API's own schema (docs/product.md#validation
 * messages) and window rule, so what the form accepts the server accepts.
 */
export function LoanStatementForm({ opportunityKey }: { opportunityKey: string }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [toDate, setToDate] = useState<string | null>(null);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isThanked, setIsThanked] = useState(false);
  // docs/product.md#validation, #api: today in the lender's time zone, and 365 days back.
  const today = todayIn(DEFAULT_TIME_ZONE);
  const { minDate, maxDate } = loanStatementWindow(today);

  const submit = useMutation({
    mutationFn: (body: LoanStatementCreateBody) =>
      apiSend(
        'POST',
        loanStatementRequestsPath(opportunityKey),
        body,
        LoanStatementRequestResponseSchema,
      ),
    onSuccess: () => {
      setFromDate(null);
      setToDate(null);
      setRemarks('');
      setIsThanked(true);
      return queryClient.invalidateQueries(loanStatementRequestsQuery(opportunityKey));
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = LoanStatementCreateBodySchema.safeParse({
      fromDate: fromDate ?? '',
      toDate: toDate ?? '',
      borrowerRemarks: remarks,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issueText(currentLanguage(), issue);
      }
      setErrors(found);
      return;
    }
    // The pickers keep dates in the window, but the day may have turned since the page opened.
    const problem = loanStatementDatesProblem(parsed.data, today);
    if (problem) {
      setErrors({ [problem.field]: translate(currentLanguage(), problem.message, problem.values) });
      return;
    }
    setErrors({});
    submit.mutate(parsed.data);
  }

  function clearError(field: Field) {
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  return (
    <Paper withBorder p="lg" component="form" onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DatePickerInput
            label={_('loanStatement.from')}
            placeholder={_('loanStatement.fromPlaceholder')}
            value={fromDate}
            onChange={(value) => {
              setFromDate(value);
              clearError('fromDate');
            }}
            minDate={minDate}
            maxDate={toDate ?? maxDate}
            error={errors.fromDate}
            withAsterisk
            clearable
          />
          <DatePickerInput
            label={_('loanStatement.to')}
            placeholder={_('loanStatement.toPlaceholder')}
            value={toDate}
            onChange={(value) => {
              setToDate(value);
              clearError('toDate');
            }}
            minDate={fromDate ?? minDate}
            maxDate={maxDate}
            error={errors.toDate}
            withAsterisk
            clearable
          />
        </SimpleGrid>
        <Textarea
          label={_('loanStatement.remarks')}
          value={remarks}
          onChange={(event) => {
            setRemarks(event.currentTarget.value);
            clearError('borrowerRemarks');
          }}
          error={errors.borrowerRemarks}
          maxLength={2000}
          rows={3}
          resize="vertical"
        />
        {submit.isError && (
          <Alert color="red" title={_('loanStatement.notSent')}>
            {submit.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submit.isPending}>
            {_('loanStatement.submit')}
          </Button>
        </Group>
      </Stack>
      {/* docs/product.md#screens: the success popup's exact words. */}
      <Modal
        opened={isThanked}
        onClose={() => setIsThanked(false)}
        title={_('loanStatement.thanks')}
        centered
        withCloseButton={false}
      >
        <Text>{_('loanStatement.sent')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => setIsThanked(false)} data-autofocus>
            {_('loanStatement.close')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
