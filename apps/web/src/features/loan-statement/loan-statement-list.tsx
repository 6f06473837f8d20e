import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { STATUS_COLOURS, type LoanStatementStatus } from '@portal/domain';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { AttachStatement, shownDate } from './attach-statement';
import { addMessages, useLingui } from '../../i18n';
import { loanStatementRequestsQuery } from './loan-statement-queries';
import { messages } from '../../i18n/messages/loanStatement';
import scrollCue from '../../components/scroll-cue.module.css';

addMessages(messages);

/** docs/product.md#look-and-feel status colours: waiting reads like pending approval, done like approved. */
const STATUS_COLOUR = {
  REQUESTED: STATUS_COLOURS.PENDING_APPROVAL,
  FULFILLED: STATUS_COLOURS.APPROVED,
} as const satisfies Record<LoanStatementStatus, string>;

const STATUS_LABEL_KEY = {
  REQUESTED: 'loanStatement.statusRequested',
  FULFILLED: 'loanStatement.statusFulfilled',
} as const satisfies Record<LoanStatementStatus, string>;

/**
 * docs/product.md#api: the borrower's earlier requests, with the statement once the lender has sent it.
 * Staff who may send statements (`canAttach`) attach one to each waiting request.
 */
export function LoanStatementList({
  opportunityKey,
  canAttach,
}: {
  opportunityKey: string;
  canAttach: boolean;
}) {
  const { _ } = useLingui();
  const requests = useQuery(loanStatementRequestsQuery(opportunityKey));

  if (requests.isPending) return <PageLoader label={_('loanStatement.loading')} />;
  if (requests.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('loanStatement.loadFailed')}
        description={requests.error.message}
        action={
          <Button onClick={() => void requests.refetch()}>{_('loanStatement.tryAgain')}</Button>
        }
      />
    );
  }
  if (requests.data.length === 0) {
    return (
      <EmptyState
        title={_('loanStatement.emptyTitle')}
        description={_('loanStatement.emptyDescription')}
      />
    );
  }

  return (
    // Focusable so keyboard users can scroll it sideways on a phone (docs/product.md#quality, axe).
    <Table.ScrollContainer
      minWidth={720}
      type="native"
      className={scrollCue.cue}
      tabIndex={0}
      role="region"
      aria-label={_('loanStatement.earlierRequests')}
    >
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{_('loanStatement.columnRequestedOn')}</Table.Th>
            <Table.Th>{_('loanStatement.columnFrom')}</Table.Th>
            <Table.Th>{_('loanStatement.columnTo')}</Table.Th>
            <Table.Th>{_('loanStatement.columnRemarks')}</Table.Th>
            <Table.Th>{_('loanStatement.columnStatus')}</Table.Th>
            <Table.Th>{_('loanStatement.columnStatement')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.data.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{shownDate(request.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{shownDate(request.fromDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{shownDate(request.toDate)}</Table.Td>
              <Table.Td>{request.borrowerRemarks ?? '—'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOUR[request.status]}>
                  {_(STATUS_LABEL_KEY[request.status])}
                </Badge>
              </Table.Td>
              <Table.Td>
                {request.downloadUrl ? (
                  <Anchor
                    href={request.downloadUrl}
                    download={request.fileName ?? true}
                    aria-label={_('loanStatement.downloadLabel', {
                      from: shownDate(request.fromDate),
                      to: shownDate(request.toDate),
                    })}
                  >
                    <IconDownload size={16} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
                    {_('loanStatement.download')}
                  </Anchor>
                ) : canAttach && request.status === 'REQUESTED' ? (
                  <AttachStatement opportunityKey={opportunityKey} request={request} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {_('loanStatement.notReady')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
