import { queryOptions } from '@tanstack/react-query';
import { LoanStatementRequestListResponseSchema } from '@portal/domain';
import { apiPath, LOAN_STATEMENT_REQUESTS_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';

export const loanStatementRequestsPath = (opportunityKey: string) =>
  apiPath(LOAN_STATEMENT_REQUESTS_PATH, { opportunityKey });

/** docs/product.md#api: a borrower's earlier requests for this loan, newest first. */
export const loanStatementRequestsQuery = (opportunityKey: string) =>
  queryOptions({
    queryKey: ['opportunities', opportunityKey, 'loan-statement-requests'],
    queryFn: ({ signal }) =>
      apiGet(loanStatementRequestsPath(opportunityKey), LoanStatementRequestListResponseSchema, {
        signal,
      }).then(({ loanStatementRequests }) => loanStatementRequests),
  });
