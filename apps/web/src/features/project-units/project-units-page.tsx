import { PlaceholderPage } from '../../components/placeholder-page';

/**
 * SPEC §2 "Project selection": choose a project of the loan, then its units.
 * Serves /opportunities/:opportunityKey/projects[/:projectKey/units] and the
 * older /project/:id/projects/:projectId/units.
 */
export function ProjectUnitsPage() {
  return <PlaceholderPage title="Request NOC" />;
}
