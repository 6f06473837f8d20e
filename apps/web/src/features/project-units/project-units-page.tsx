import { useNavigate, useParams } from 'react-router';
import { Button, Group, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingCommunity, IconMapOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Project } from '@portal/domain';
import { CountBadge } from '../../components/count-badge';
import { EmptyState } from '../../components/empty-state';
import { QueryLoader } from '../../components/query-loader';
import { BackToLoans, LoanScreen } from '../opportunities/loan-screen';
import { UnitListing } from '../unit-list/unit-listing';
import { projectsQuery } from './project-queries';

const TITLE = 'Request NOC';

/**
 * SPEC §2 "Project selection": choose a project of the loan, then its units.
 * Serves /opportunities/:opportunityKey/projects[/:projectKey/units] and the
 * older /project/:id/projects/:projectId/units.
 */
export function ProjectUnitsPage() {
  const params = useParams();
  const opportunityKey = params.opportunityKey ?? params.id ?? '';
  const projectKey = params.projectKey ?? params.projectId;
  return (
    <LoanScreen opportunityKey={opportunityKey} title={TITLE}>
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
  const navigate = useNavigate();
  const projects = useQuery(projectsQuery(opportunityKey));

  if (projects.isPending) return <QueryLoader query={projects} label="Loading the projects…" />;
  if (projects.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title="The projects could not be loaded"
        description={projects.error.message}
        action={<Button onClick={() => void projects.refetch()}>Try again</Button>}
      />
    );
  }
  if (projects.data.length === 0) {
    return (
      <EmptyState
        title="No projects on this loan yet"
        description="When your lender adds a project to this loan, you can request its NOCs here."
        action={<BackToLoans />}
      />
    );
  }

  const selected = projectKey ? projects.data.find((p) => p.key === projectKey) : undefined;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={2}>{TITLE}</Title>
        <CountBadge count={projects.data.length} label="No. of projects" />
      </Group>
      <Select
        label="Select Project"
        placeholder="Choose a project"
        data={projects.data.map((p) => ({ value: p.key, label: p.name }))}
        value={selected?.key ?? null}
        allowDeselect={false}
        searchable={projects.data.length > 10}
        nothingFoundMessage="No project has that name"
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
          title="Project not found"
          description="This loan has no such project. Choose one from the list above."
        />
      )}
    </Stack>
  );
}

/** SPEC §2: "Choosing a project goes to opportunities/{id}/projects/{projectKey}/units". */
function unitsPath(opportunityKey: string, projectKey: string): string {
  return `/opportunities/${encodeURIComponent(opportunityKey)}/projects/${encodeURIComponent(projectKey)}/units`;
}

/** SPEC §2: a banner until a project is chosen. */
function ChooseProjectBanner() {
  return (
    <Paper withBorder p="lg">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size="xl" variant="light" aria-hidden>
          <IconBuildingCommunity />
        </ThemeIcon>
        <Text>
          Choose a project to see its units and request a no-objection certificate (NOC) for them.
        </Text>
      </Group>
    </Paper>
  );
}

/** SPEC §2: the chosen project's units, with their documents and the submit to the checker. */
function SelectedProject({ project }: { project: Project }) {
  return (
    <Stack gap="md">
      <Title order={3}>{project.name}</Title>
      <UnitListing projectKey={project.key} />
    </Stack>
  );
}
