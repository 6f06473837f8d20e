import { useNavigate, useParams } from 'react-router';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingCommunity, IconMapOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Project } from '@portal/domain';
import { CountBadge } from '../../components/count-badge';
import { EmptyState } from '../../components/empty-state';
import { QueryLoader } from '../../components/query-loader';
import { Select } from '../../components/select';
import { BackToLoans, LoanScreen } from '../opportunities/loan-screen';
import { UnitListing } from '../unit-list/unit-listing';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/projectUnits';
import { projectsQuery } from './project-queries';

addMessages(messages);

/**
 * docs/product.md#screens "Project selection": choose a project of the loan, then its units.
 * Serves /opportunities/:opportunityKey/projects[/:projectKey/units] and the
 * older /project/:id/projects/:projectId/units.
 */
export function ProjectUnitsPage() {
  const params = useParams();
  const opportunityKey = params.opportunityKey ?? params.id ?? '';
  const projectKey = params.projectKey ?? params.projectId;
  const { _ } = useLingui();
  return (
    <LoanScreen opportunityKey={opportunityKey} title={_('projectUnits.title')}>
      {(loan) => <ProjectSelection opportunityKey={loan.key} projectKey={projectKey} />}
    </LoanScreen>
  );
}

function ProjectSelection({
  opportunityKey,
  projectKey,
}: {
  opportunityKey: string;
  projectKey: string | undefined;
}) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const projects = useQuery(projectsQuery(opportunityKey));

  if (projects.isPending) return <QueryLoader query={projects} label={_('projectUnits.loading')} />;
  if (projects.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('projectUnits.loadFailed')}
        description={projects.error.message}
        action={
          <Button onClick={() => void projects.refetch()}>{_('projectUnits.tryAgain')}</Button>
        }
      />
    );
  }
  if (projects.data.length === 0) {
    return (
      <EmptyState
        title={_('projectUnits.emptyTitle')}
        description={_('projectUnits.emptyDescription')}
        action={<BackToLoans />}
      />
    );
  }

  const selected = projectKey ? projects.data.find((p) => p.key === projectKey) : undefined;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={2}>{_('projectUnits.title')}</Title>
        <CountBadge count={projects.data.length} label={_('projectUnits.count')} />
      </Group>
      <Select
        label={_('projectUnits.selectLabel')}
        placeholder={_('projectUnits.selectPlaceholder')}
        data={projects.data.map((p) => ({ value: p.key, label: p.name }))}
        value={selected?.key ?? null}
        allowDeselect={false}
        searchable={projects.data.length > 10}
        nothingFoundMessage={_('projectUnits.nothingFound')}
        maw={420}
        onChange={(value) => {
          if (value) void navigate(unitsPath(opportunityKey, value));
        }}
      />
      {!projectKey ? (
        <ChooseProjectBanner />
      ) : selected ? (
        <SelectedProject project={selected} />
      ) : (
        <EmptyState
          icon={<IconMapOff aria-hidden />}
          title={_('projectUnits.notFoundTitle')}
          description={_('projectUnits.notFoundDescription')}
        />
      )}
    </Stack>
  );
}

/** docs/product.md#screens: "Choosing a project goes to opportunities/{id}/projects/{projectKey}/units". */
function unitsPath(opportunityKey: string, projectKey: string): string {
  return `/opportunities/${encodeURIComponent(opportunityKey)}/projects/${encodeURIComponent(projectKey)}/units`;
}

/** docs/product.md#screens: a banner until a project is chosen. */
function ChooseProjectBanner() {
  const { _ } = useLingui();
  return (
    <Paper withBorder p="lg">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size="xl" variant="light" aria-hidden>
          <IconBuildingCommunity />
        </ThemeIcon>
        <Text>{_('projectUnits.chooseBanner')}</Text>
      </Group>
    </Paper>
  );
}

/** docs/product.md#screens: the chosen project's units, with their documents and the submit to the checker. */
function SelectedProject({ project }: { project: Project }) {
  return (
    <Stack gap="md">
      <Title order={3}>{project.name}</Title>
      <UnitListing projectKey={project.key} />
    </Stack>
  );
}
