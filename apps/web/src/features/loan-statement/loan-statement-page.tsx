import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Loan statement page"; also served at /loanstatement. */
export function LoanStatementPage() {
  return <PlaceholderPage title="Request Loan Statement" />;
}
