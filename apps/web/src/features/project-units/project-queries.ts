import { queryOptions } from '@tanstack/react-query';
import { ProjectListResponseSchema, type Project } from '@portal/domain';
import { apiPath, PROJECTS_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';

/**
 * docs/product.md#screens: the select lists all projects of the loan, and docs/product.md#api pages the
 * list by a `next` cursor, so every page is read. A page without projects ends
 * the walk even if it names a cursor, so a faulty answer cannot loop forever.
 */
async function fetchAllProjects(opportunityKey: string, signal: AbortSignal): Promise<Project[]> {
  const base = apiPath(PROJECTS_PATH, { opportunityKey });
  const projects: Project[] = [];
  let next: string | null | undefined;
  do {
    const path = next ? `${base}?next=${encodeURIComponent(next)}` : base;
    const answer = await apiGet(path, ProjectListResponseSchema, { signal });
    projects.push(...answer.projects);
    next = answer.projects.length > 0 ? answer.meta.next : null;
  } while (next);
  return projects;
}

export const projectsQuery = (opportunityKey: string) =>
  queryOptions({
    queryKey: ['opportunities', opportunityKey, 'projects'],
    queryFn: ({ signal }) => fetchAllProjects(opportunityKey, signal),
  });
