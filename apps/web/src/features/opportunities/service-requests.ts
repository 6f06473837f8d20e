import type { Opportunity } from '@portal/domain';

/** docs/product.md#what-it-does, #screens: the three service requests a borrower can make for a loan. */
export const SERVICE_REQUESTS = [
  'Request NOC',
  'Upload Credit Monitoring Data',
  'Request Loan Statement',
] as const;
export type ServiceRequest = (typeof SERVICE_REQUESTS)[number];

/** Each request's words on screen, in the chosen language. */
export const SERVICE_REQUEST_LABEL_KEYS: Record<ServiceRequest, string> = {
  'Request NOC': 'opportunities.requestNoc',
  'Upload Credit Monitoring Data': 'opportunities.requestMonitoring',
  'Request Loan Statement': 'opportunities.requestStatement',
};

const segment = encodeURIComponent;

/** docs/product.md#screens: a loan's statement requests. */
export function loanStatementPath(opportunityKey: string): string {
  return `/opportunities/${segment(opportunityKey)}/loan-statement-requests`;
}

/** docs/product.md#screens "Get navigates by choice". */
export function serviceRequestPath(
  request: ServiceRequest,
  opportunity: Pick<Opportunity, 'key' | 'accountId'>,
): string {
  switch (request) {
    case 'Request NOC':
      return `/opportunities/${segment(opportunity.key)}/projects`;
    case 'Upload Credit Monitoring Data':
      return `/accounts/${segment(opportunity.accountId)}/collaterals`;
    case 'Request Loan Statement':
      return loanStatementPath(opportunity.key);
  }
}

export function isServiceRequest(value: string | null): value is ServiceRequest {
  return SERVICE_REQUESTS.some((request) => request === value);
}
