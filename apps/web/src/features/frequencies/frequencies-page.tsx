import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Collateral frequency screen (accounts/{accountId}/collaterals)". */
export function FrequenciesPage() {
  return <PlaceholderPage title="Upload Credit Monitoring Data" />;
}
