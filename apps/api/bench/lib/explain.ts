import pg from 'pg';
import { SESSION_TOKEN_HASH, type CapturedRequest } from '../bare/statements.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

export interface PlanCheck {
  /** No Seq Scan of a table bigger than SMALL_TABLE_ROWS and no Sort node, in either plan. */
  clean: boolean;
  /** What was found, e.g. "Sort", "Seq Scan on units"; small tables' scans are listed too. */
  findings: string[];
  /** A statement's plan that could not be made (e.g. a generic plan of an untyped parameter). */
  notes: string[];
  /** The product's connections' plan_cache_mode. */
  planCacheMode: string;
}

/** Reading a table this small whole is cheaper than an index: not counted against the list. */
const SMALL_TABLE_ROWS = 1_000;

/**
 * EXPLAINs every statement of a captured request on a connection of the product's own pool (so
 * with its connection settings) and looks for Seq Scan and Sort nodes: the plan for the
 * statement's parameters and, unless the product's connections force custom plans, also the
 * generic plan PostgreSQL may settle on for a prepared statement after a few runs.
 */
export async function checkPlans(
  pool: pg.Pool,
  request: CapturedRequest,
  tokenHash: string,
): Promise<PlanCheck> {
  const client = await pool.connect();
  const findings = new Set<string>();
  const notes: string[] = [];
  let clean = true;
  let planCacheMode = '';
  try {
    const { rows: settings } = await client.query<{ plan_cache_mode: string }>(
      'show plan_cache_mode',
    );
    const mode = settings[0]?.plan_cache_mode ?? 'auto';
    planCacheMode = mode;
    const { rows: sizes } = await client.query<{ name: string; rows: number }>(
      `select relname as name, reltuples::float8 as rows from pg_class where relkind = 'r'`,
    );
    const rowsOf = new Map(sizes.map((s) => [s.name, s.rows]));
    const inspect = (node: PlanNode) => {
      const type = node['Node Type'];
      if (type === 'Seq Scan') {
        const table = node['Relation Name'] ?? '?';
        const small = (rowsOf.get(table) ?? Infinity) <= SMALL_TABLE_ROWS;
        findings.add(`Seq Scan on ${table}${small ? ' (small)' : ''}`);
        if (!small) clean = false;
      } else if (type.includes('Sort')) {
        findings.add(type);
        clean = false;
      }
      for (const child of node.Plans ?? []) inspect(child);
    };
    const statements = request.groups.flat();
    for (const [i, statement] of statements.entries()) {
      const values = statement.values.map((v) => (v === SESSION_TOKEN_HASH ? tokenHash : v));
      const custom = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.text}`,
        values,
      );
      inspect(custom.rows[0]!['QUERY PLAN'][0].Plan);
      if (mode === 'force_custom_plan') continue;
      const name = `bench_explain_${i}`;
      try {
        await client.query('set plan_cache_mode = force_generic_plan');
        await client.query(`prepare ${name} as ${statement.text}`);
        const literal = (v: unknown): string =>
          v === null || v === undefined
            ? 'null'
            : Array.isArray(v)
              ? `array[${v.map(literal).join(', ')}]`
              : client.escapeLiteral(String(v));
        const literals = values.map(literal);
        const generic = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`,
        );
        inspect(generic.rows[0]!['QUERY PLAN'][0].Plan);
      } catch (error) {
        notes.push(`generic plan of statement ${i + 1}: ${(error as Error).message}`);
      } finally {
        await client.query(`deallocate ${name}`).catch(() => undefined);
        await client.query(`set plan_cache_mode = ${mode}`);
      }
    }
  } finally {
    client.release();
  }
  return { clean, findings: [...findings], notes, planCacheMode };
}
