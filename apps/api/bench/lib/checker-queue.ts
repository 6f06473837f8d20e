import pg from 'pg';
import { unitSlotFileTypes } from '@portal/domain';

const literalArray = (items: readonly string[]) => `array['${items.join("', '")}']`;

/**
 * Puts `count` units of the benchmark's own demo database in the checker's queue, as borrowers
 * leave them: seven completed files each (docs/product.md#screens slots, the NOC one by selectedNoc) and the unit
 * PENDING_APPROVAL, submitted at different times. The demo book has no submitted units, and an
 * empty queue would measure nothing but a total.
 */
export async function fillCheckerQueue(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `select 1 from information_schema.columns
        where table_schema = 'public' and table_name = 'unit_files' and column_name = 'account_key'`,
    );
    const withAccount = (rowCount ?? 0) > 0;
    await client.query('begin');
    await client.query(
      `create temporary table picked on commit drop as
         select key, account_key, selected_noc, row_number() over (order by key) as n
           from units where approval_status = 'NOT_RAISED' order by key limit ${count}`,
    );
    await client.query(
      `insert into unit_files (${withAccount ? 'account_key, ' : ''}unit_key, file_type, file_name,
                               file_hash, size, content_type, storage_key, approval_status,
                               completed_at)
       select ${withAccount ? 'p.account_key, ' : ''}p.key, t, lower(t) || '.pdf', repeat('5f', 32),
              200000, 'application/pdf', 'units/' || p.key || '/' || lower(t),
              'PENDING_APPROVAL', now() - interval '1 day'
         from picked p
        cross join lateral unnest(case when p.selected_noc = 'Final'
                                       then ${literalArray(unitSlotFileTypes('Final'))}
                                       else ${literalArray(unitSlotFileTypes('Provisional'))} end) t`,
    );
    await client.query(
      `update units u set approval_status = 'PENDING_APPROVAL', version = u.version + 1,
              submitted_at = now() - p.n * interval '7 minutes',
              updated_at = now() - p.n * interval '7 minutes'
         from picked p where p.key = u.key`,
    );
    await client.query('commit');
    // As autovacuum would, soon: plans for the queue see it.
    await client.query('analyze units, unit_files, list_counts');
  } finally {
    await client.end();
  }
}
