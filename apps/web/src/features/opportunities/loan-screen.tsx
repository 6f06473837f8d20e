import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Opportunity } from '@portal/domain';
import { ApiError } from '../../api/client';
import { EmptyState } from '../../components/empty-state';
import { QueryLoader } from '../../components/query-loader';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/opportunities';
import { opportunityQuery } from './opportunity-queries';

addMessages(messages);

/** The way out of a loan screen that cannot be shown: no dead ends (docs/product.md#look-and-feel). */
export function BackToLoans() {
  const { _ } = useLingui();
  return (
    <Button component={Link} to="/opportunities" variant="default">
      {_('opportunities.backToLoans')}
    </Button>
  );
}

/**
 * The frame of a screen about one loan (docs/product.md#screens project selection, loan
 * statement): the account name and the loan's name on top, then `children`.
 * docs/product.md#api: another borrower's loan is a 404 like a missing one, so both read
 * "not found" with the way back.
 */
export function LoanScreen({
  opportunityKey,
  title,
  children,
}: {
  opportunityKey: string;
  /** The screen's name, for the browser tab; the screen shows it as its own heading. */
  title: string;
  children: (opportunity: Opportunity) => ReactNode;
}) {
  const { _ } = useLingui();
  const loan = useQuery(opportunityQuery(opportunityKey));
  return (
    <>
      <PageTitle title={title} />
      {loan.isPending ? (
        <QueryLoader query={loan} label={_('opportunities.loadingLoan')} />
      ) : loan.isError ? (
        <LoanError error={loan.error} onRetry={() => void loan.refetch()} />
      ) : (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{loan.data.accountName}</Title>
            <Text size="lg">{_('opportunities.loanLabel', { name: loan.data.name })}</Text>
          </Stack>
          {children(loan.data)}
        </Stack>
      )}
    </>
  );
}

function LoanError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { _ } = useLingui();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <EmptyState
        headingOrder={1}
        icon={<IconFileOff aria-hidden />}
        title={_('opportunities.loanNotFound')}
        description={_('opportunities.loanNotFoundHint')}
        action={<BackToLoans />}
      />
    );
  }
  return (
    <EmptyState
      headingOrder={1}
      icon={<IconAlertTriangle aria-hidden />}
      title={_('opportunities.loanLoadFailed')}
      description={error.message}
      action={
        <>
          <Button onClick={onRetry}>{_('opportunities.tryAgain')}</Button>
          <BackToLoans />
        </>
      }
    />
  );
}
