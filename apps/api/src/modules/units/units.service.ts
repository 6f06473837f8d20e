import {
  DomainError,
  findSlotFile,
  isUnitReadyToSubmit,
  listMeta,
  nocType,
  unitDocumentSet,
  unitSlotFileTypes,
  type CheckerListQuery,
  type CheckerStatusFilter,
  type PaginationQuery,
  type ProjectUnitsQuery,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { accountScope, findVisibleProject } from '../loans/loans.service.ts';
import type { ListedLiveFile, LiveFileSummary } from '../documents/document-files.repository.ts';
import { fraudFlagCountOf, rejectedDocumentsOf } from '../documents/read-documents.ts';
import {
  unitsRepository,
  type AccountScope,
  type UnitListRequest,
  type UnitWithOwners,
} from './units.repository.ts';

type LiveFile = LiveFileSummary;

/** The API's unit (docs/product.md#records); canSubmit is the domain's readiness rule over the unit's live files. */
export function toUnit(row: UnitWithOwners, files: readonly LiveFile[]) {
  const { unit } = row;
  return {
    key: unit.key,
    name: unit.name,
    tower: unit.tower,
    floor: unit.floor,
    unit: unit.unit,
    areaSqft: unit.areaSqft,
    customerName: unit.customerName,
    maxSellingPrice: unit.maxSellingPrice,
    baseSellingPrice: unit.baseSellingPrice,
    totalSaleValue: unit.totalSaleValue,
    amountToBeReceived: unit.amountToBeReceived,
    approvalStatus: unit.approvalStatus,
    createdAt: unit.createdAt.toISOString(),
    updatedAt: unit.updatedAt.toISOString(),
    submittedAt: unit.submittedAt?.toISOString() ?? null,
    canSubmit: isUnitReadyToSubmit(unitDocumentSet(unit, files)),
    projectKey: unit.projectKey,
    selectedNoc: unit.selectedNoc,
    version: unit.version,
    meta: { opportunityKey: row.opportunityKey, projectKey: unit.projectKey },
    firstApproval:
      row.firstApprover && unit.firstApprovedAt
        ? { by: row.firstApprover, at: unit.firstApprovedAt.toISOString() }
        : null,
  };
}

/**
 * A unit with the checker columns (docs/product.md#api): account, loan and project, NOC type, file count,
 * and for staff the fraud flags on its files.
 * Added to the unit rather than spread with it into a new object: the spread built each row as a
 * dictionary-mode object, slow to make, collect and serialise (40% of a checker page's CPU).
 */
function toCheckerUnit(row: UnitWithOwners, files: readonly ListedLiveFile[], forStaff = false) {
  return Object.assign(toUnit(row, files), {
    accountId: row.accountKey,
    accountName: row.accountName,
    opportunityKey: row.opportunityKey,
    opportunityName: row.opportunityName,
    projectName: row.projectName,
    nocType: nocType(files),
    uploadedFiles: files.length,
    fraudFlagCount: fraudFlagCountOf(files, forStaff),
  });
}

export async function getUnit(db: Database, user: AuthenticatedUser, key: string) {
  const row = await unitsRepository.findWithFiles(db, accountScope(user), key);
  if (!row) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.unit' });
  return toUnit(row, row.liveFiles);
}

/** A unit addressed through its project must belong to it. */
export async function getProjectUnit(
  db: Database,
  user: AuthenticatedUser,
  projectKey: string,
  unitKey: string,
) {
  const unit = await getUnit(db, user, unitKey);
  if (unit.projectKey !== projectKey)
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.unit' });
  return unit;
}

/** docs/product.md#api `GET projects/{p}/units`: by key, or narrowed and sorted as the unit listing asks. */
export async function listProjectUnits(
  db: Database,
  user: AuthenticatedUser,
  projectKey: string,
  query: ProjectUnitsQuery,
) {
  const project = await findVisibleProject(db, user, projectKey);
  return unitListAnswer(db, accountScope(user), query, {
    scope: { kind: 'project', key: project.key },
    status: query.status,
    sort: query.sort,
    search: query.search,
  });
}

/**
 * docs/product.md#screens checker list (Unit Status / NOC Checker): one statement for the page with its owners
 * and files, the total from the kept counts. Borrowers see only their own units,
 * whatever they search for.
 */
export async function listUnitsByStatus(
  db: Database,
  user: AuthenticatedUser,
  status: CheckerStatusFilter,
  query: CheckerListQuery,
) {
  const scope = accountScope(user);
  return unitListAnswer(db, scope, query, {
    scope: scope === null ? { kind: 'all' } : { kind: 'account', key: scope },
    status,
    sort: query.sort,
    search: query.search,
  });
}

async function unitListAnswer(
  db: Database,
  viewer: AccountScope,
  paging: PaginationQuery,
  list: Omit<UnitListRequest, keyof PaginationQuery>,
) {
  const { rows, total, page, next } = await unitsRepository.listPage(db, { ...list, ...paging });
  return {
    units: rows.map((row) => toCheckerUnit(row, row.liveFiles, viewer === null)),
    meta: listMeta(page, paging.perPage, total, rows.length, next),
  };
}

/**
 * A borrower's unit lists on the home to-do, most recently updated first, the first `limit` of
 * each and how many in all: rejected (each with its rejected documents), with slots still to
 * fill, ready to submit. Their rows are read side by side, each with its live files.
 */
export async function todoUnitLists(db: Database, accountKey: string, limit: number) {
  const [rejected, { toUpload, ready }] = await Promise.all([
    unitsRepository.listPage(db, {
      scope: { kind: 'account', key: accountKey },
      status: 'REJECTED',
      sort: 'recentlyUpdatedOnTop',
      page: 1,
      perPage: limit,
    }),
    unitsRepository.listToDo(db, accountKey, limit),
  ]);
  return {
    rejected: {
      units: rejected.rows.map((row) =>
        Object.assign(toCheckerUnit(row, row.liveFiles), {
          rejectedDocuments: rejectedDocumentsOf(row.liveFiles),
        }),
      ),
      total: rejected.total,
    },
    toUpload: {
      units: toUpload.rows.map((row) => toUnitToUpload(row, row.liveFiles)),
      total: toUpload.total,
    },
    ready: {
      units: ready.rows.map((row) => toCheckerUnit(row, row.liveFiles)),
      total: ready.total,
    },
  };
}

/** A unit on the to-do's upload list: how many of its slots hold a file, of how many. */
function toUnitToUpload(row: UnitWithOwners, files: readonly ListedLiveFile[]) {
  const slots = unitSlotFileTypes(row.unit.selectedNoc);
  return Object.assign(toCheckerUnit(row, files), {
    filledSlots: slots.filter((slot) => findSlotFile(files, slot)).length,
    requiredSlots: slots.length,
  });
}
