import { Link, useParams } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { isStaffRole } from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { LoanScreen } from '../opportunities/loan-screen';
import { canAttachStatement } from './attach-statement';
import { LoanStatementForm } from './loan-statement-form';
import { LoanStatementList } from './loan-statement-list';

const TITLE = 'Request Loan Statement';

/**
 * SPEC §2 "Loan statement page" at /opportunities/:opportunityKey/loan-statement-requests.
 * SPEC's bare /loanstatement names no loan, so it sends the user to choose one.
 */
export function LoanStatementPage() {
  const { opportunityKey } = useParams();
  if (!opportunityKey) return <ChooseLoanFirst />;
  return (
    <LoanScreen opportunityKey={opportunityKey} title={TITLE}>
      {(loan) => <LoanStatements opportunityKey={loan.key} />}
    </LoanScreen>
  );
}

function LoanStatements({ opportunityKey }: { opportunityKey: string }) {
  const user = useCurrentUser();
  return (
    <>
      <Stack gap="sm">
        <Title order={2}>{TITLE}</Title>
        {/* DESIGN §5: only borrowers ask for statements; staff see what was asked. */}
        {isStaffRole(user.role) ? (
          <Text c="dimmed">Only the borrower can request a statement for this loan.</Text>
        ) : (
          <LoanStatementForm opportunityKey={opportunityKey} />
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2}>Earlier requests</Title>
        <LoanStatementList
          opportunityKey={opportunityKey}
          canAttach={canAttachStatement(user.role)}
        />
      </Stack>
    </>
  );
}

function ChooseLoanFirst() {
  return (
    <>
      <PageTitle title={TITLE} />
      <EmptyState
        headingOrder={1}
        icon={<IconFileInvoice aria-hidden />}
        title={TITLE}
        description="Statements are requested per loan. Choose a loan on your loan list, then choose Request Loan Statement."
        action={
          <Button component={Link} to="/opportunities">
            Go to your loans
          </Button>
        }
      />
    </>
  );
}
