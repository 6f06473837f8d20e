import { DomainError, listMeta, type PaginationQuery } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { loansRepository as repo, toOpportunity, type AccountScope } from './loans.repository.ts';
import { pageByNumber } from '../../db/lists/index.ts';

export const PROJECTS_PAGE_SIZE = 50;

/** Staff see every account (optionally one); a borrower only their own, whatever they ask for. */
export function accountScope(user: AuthenticatedUser, requested?: string): AccountScope {
  if (user.role === 'client') return user.accountKey ?? '';
  return requested?.toUpperCase() ?? null;
}

export async function listOpportunities(
  db: Database,
  user: AuthenticatedUser,
  query: PaginationQuery & { accountId?: string | undefined },
) {
  const { page, next } = pageByNumber('opportunities', query);
  const { perPage } = query;
  const { rows, total } = await repo.listOpportunities(db, accountScope(user, query.accountId), {
    offset: (page - 1) * perPage,
    limit: perPage,
  });
  return {
    opportunities: rows.map(toOpportunity),
    meta: listMeta(page, perPage, total, rows.length, next),
  };
}

/** Another borrower's loan answers 404 exactly like a missing one (docs/product.md#api). */
export async function getOpportunity(db: Database, user: AuthenticatedUser, key: string) {
  const row = await repo.findOpportunity(db, accountScope(user), key);
  if (!row) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.loan' });
  return row;
}

export async function listProjects(
  db: Database,
  user: AuthenticatedUser,
  opportunityKey: string,
  next?: string,
) {
  await getOpportunity(db, user, opportunityKey);
  const [rows, total] = await Promise.all([
    repo.listProjects(db, opportunityKey, next, PROJECTS_PAGE_SIZE + 1),
    repo.countProjects(db, opportunityKey),
  ]);
  const projects = rows.slice(0, PROJECTS_PAGE_SIZE);
  const hasMore = rows.length > PROJECTS_PAGE_SIZE;
  return {
    projects,
    meta: {
      count: projects.length,
      page: 1,
      perPage: PROJECTS_PAGE_SIZE,
      totalPages: Math.ceil(total / PROJECTS_PAGE_SIZE),
      totalRecords: total,
      next: hasMore ? (projects.at(-1)?.key ?? null) : null,
    },
  };
}

/** A loan's project; another borrower's loan answers 404 exactly like a missing one. */
export async function getProject(
  db: Database,
  user: AuthenticatedUser,
  opportunityKey: string,
  projectKey: string,
) {
  const found = await repo.findProjectOfLoan(db, accountScope(user), opportunityKey, projectKey);
  if (!found) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.loan' });
  if (!found.project) {
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.project' });
  }
  return found.project;
}

/**
 * A project by its key alone, as its loan's owner (or staff) may see it: a missing project and
 * another borrower's answer 404 as they did when read as the loan and then its project.
 */
export async function findVisibleProject(
  db: Database,
  user: AuthenticatedUser,
  projectKey: string,
) {
  const project = await repo.findProjectInScope(db, accountScope(user), projectKey);
  if (!project) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.project' });
  // Ownership runs through the loan: another borrower's project is 404 like a missing loan.
  if (!project.loanVisible) {
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.loan' });
  }
  return project;
}
