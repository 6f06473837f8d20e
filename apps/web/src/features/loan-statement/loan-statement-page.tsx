import { Link, useParams } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { isStaffRole } from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { LoanScreen } from '../opportunities/loan-screen';
import { canAttachStatement } from './attach-statement';
import { LoanStatementForm } from './loan-statement-form';
import { LoanStatementList } from './loan-statement-list';
import { messages } from '../../i18n/messages/loanStatement';

addMessages(messages);

/**
 * docs/product.md#screens "Loan statement page" at /opportunities/:opportunityKey/loan-statement-requests.
 * SPEC's bare /loanstatement names no loan, so it sends the user to choose one.
 */
export function LoanStatementPage() {
  const { _ } = useLingui();
  const { opportunityKey } = useParams();
  if (!opportunityKey) return <ChooseLoanFirst />;
  return (
    <LoanScreen opportunityKey={opportunityKey} title={_('loanStatement.title')}>
      {(loan) => <LoanStatements opportunityKey={loan.key} />}
    </LoanScreen>
  );
}

function LoanStatements({ opportunityKey }: { opportunityKey: string }) {
  const { _ } = useLingui();
  const user = useCurrentUser();
  return (
    <>
      <Stack gap="sm">
        <Title order={2}>{_('loanStatement.title')}</Title>
        {/* docs/product.md#server-rules: only borrowers ask for statements; staff see what was asked. */}
        {isStaffRole(user.role) ? (
          <Text c="dimmed">{_('loanStatement.staffOnlyReads')}</Text>
        ) : (
          <LoanStatementForm opportunityKey={opportunityKey} />
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2}>{_('loanStatement.earlierRequests')}</Title>
        <LoanStatementList
          opportunityKey={opportunityKey}
          canAttach={canAttachStatement(user.role)}
        />
      </Stack>
    </>
  );
}

function ChooseLoanFirst() {
  const { _ } = useLingui();
  return (
    <>
      <PageTitle title={_('loanStatement.title')} />
      <EmptyState
        headingOrder={1}
        icon={<IconFileInvoice aria-hidden />}
        title={_('loanStatement.title')}
        description={_('loanStatement.chooseLoanFirst')}
        action={
          <Button component={Link} to="/opportunities">
            {_('loanStatement.goToLoans')}
          </Button>
        }
      />
    </>
  );
}
