import { DomainError, type ImportBody } from '@portal/domain';
import type { Database, Executor } from '../../db/client.ts';
import { lenderDataRepository as repo } from './lender-data.repository.ts';

export interface ImportCounts {
  accounts: number;
  opportunities: number;
  projects: number;
  units: number;
  collaterals: number;
}

type ParentKind = 'accounts' | 'opportunities' | 'projects';
const singular: Record<ParentKind, string> = {
  accounts: 'account',
  opportunities: 'opportunity',
  projects: 'project',
};

/**
 * Upserts the lender's records (docs/product.md#api "Lender data") in one transaction: parents first, and a
 * record whose parent is neither in this batch nor already stored is refused by name and field,
 * so a bad file changes nothing.
 */
export async function importLenderData(db: Database, input: ImportBody): Promise<ImportCounts> {
  const batch = {
    accounts: input.accounts ?? [],
    opportunities: input.opportunities ?? [],
    projects: input.projects ?? [],
    units: input.units ?? [],
    collaterals: input.collaterals ?? [],
  };
  for (const [kind, records] of Object.entries(batch)) refuseRepeatedKeys(kind, records);
  await db.transaction(async (tx) => {
    await repo.upsertAccounts(tx, batch.accounts);
    await requireParents(
      tx,
      'accounts',
      'opportunities',
      'accountId',
      batch.opportunities.map((o) => o.accountId),
    );
    await repo.upsertOpportunities(tx, batch.opportunities);
    await requireParents(
      tx,
      'opportunities',
      'projects',
      'opportunityKey',
      batch.projects.map((p) => p.opportunityKey),
    );
    await repo.upsertProjects(tx, batch.projects);
    await requireParents(
      tx,
      'projects',
      'units',
      'projectKey',
      batch.units.map((u) => u.projectKey),
    );
    await repo.upsertUnits(tx, batch.units);
    await requireParents(
      tx,
      'accounts',
      'collaterals',
      'accountId',
      batch.collaterals.map((c) => c.accountId),
    );
    await repo.upsertCollaterals(tx, batch.collaterals);
  });
  return {
    accounts: batch.accounts.length,
    opportunities: batch.opportunities.length,
    projects: batch.projects.length,
    units: batch.units.length,
    collaterals: batch.collaterals.length,
  };
}

/**
 * One upsert cannot write a row twice (PostgreSQL refuses, which surfaced as a 500), and a file
 * that lists a key twice is ambiguous about which record wins: refused by name and field.
 */
function refuseRepeatedKeys(kind: string, records: readonly { key: string }[]) {
  const seen = new Set<string>();
  records.forEach(({ key }, index) => {
    if (seen.has(key)) {
      throw new DomainError('VALIDATION_FAILED', {
        message: 'domain.error.VALIDATION_FAILED.repeatedKey',
        values: { key },
        field: `${kind}[${index}].key`,
      });
    }
    seen.add(key);
  });
}

async function requireParents(
  tx: Executor,
  parent: ParentKind,
  child: string,
  field: string,
  refs: string[],
) {
  if (refs.length === 0) return;
  const found = await repo.existingKeys(tx, parent, [...new Set(refs)]);
  const index = refs.findIndex((ref) => !found.has(ref));
  if (index >= 0) {
    throw new DomainError('VALIDATION_FAILED', {
      message: 'domain.error.VALIDATION_FAILED.unknownParent',
      values: { parent: singular[parent], key: refs[index]! },
      field: `${child}[${index}].${field}`,
    });
  }
}
