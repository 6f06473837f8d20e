import {
  DomainError,
  listMeta,
  nocType,
  type ApprovalStatus,
  type CheckerListQuery,
  type PaginationQuery,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { accountScope, getProject } from '../loans/loans.service.ts';
import { loansRepository } from '../loans/loans.repository.ts';
import { unitFilesRepository } from './unit-document-set.ts';
import { toUnit, unitsRepository, type UnitWithOwners } from './units.repository.ts';

export async function getUnit(db: Database, user: AuthenticatedUser, key: string) {
  const row = await unitsRepository.find(db, accountScope(user), key);
  if (!row) throw new DomainError('NOT_FOUND', 'No such unit');
  return toUnit(row);
}

/** A unit addressed through its project must belong to it. */
export async function getProjectUnit(
  db: Database,
  user: AuthenticatedUser,
  projectKey: string,
  unitKey: string,
) {
  const unit = await getUnit(db, user, unitKey);
  if (unit.projectKey !== projectKey) throw new DomainError('NOT_FOUND', 'No such unit');
  return unit;
}

export async function listProjectUnits(
  db: Database,
  user: AuthenticatedUser,
  projectKey: string,
  query: PaginationQuery,
) {
  const project = await findVisibleProject(db, user, projectKey);
  const { rows, total } = await unitsRepository.listForProject(db, project.key, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    units: await enrich(db, rows),
    meta: listMeta(query.page, query.perPage, total, rows.length),
  };
}

async function findVisibleProject(db: Database, user: AuthenticatedUser, projectKey: string) {
  const project = await loansRepository.findProjectByKey(db, projectKey);
  if (!project) throw new DomainError('NOT_FOUND', 'No such project');
  // Ownership runs through the loan: another borrower's project is 404 like a missing one.
  await getProject(db, user, project.opportunityKey, project.key);
  return project;
}

/** SPEC §2 checker list (Unit Status / NOC Checker); borrowers see only their own units. */
export async function listUnitsByStatus(
  db: Database,
  user: AuthenticatedUser,
  status: ApprovalStatus,
  query: CheckerListQuery,
) {
  const { rows, total } = await unitsRepository.listByStatus(db, accountScope(user), status, {
    newestFirst: query.sort === 'recentlyUpdatedOnTop',
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    units: await enrich(db, rows),
    meta: listMeta(query.page, query.perPage, total, rows.length),
  };
}

/** The checker columns (DESIGN §4): account and project names, NOC type, uploaded file count. */
async function enrich(db: Database, rows: UnitWithOwners[]) {
  const files = await unitFilesRepository.liveFilesOf(
    db,
    rows.map((r) => r.unit.key),
  );
  return rows.map((row) => {
    const own = files.filter((f) => f.parentKey === row.unit.key);
    return {
      ...toUnit(row),
      accountName: row.accountName,
      projectName: row.projectName,
      nocType: nocType(own),
      uploadedFiles: own.length,
    };
  });
}
