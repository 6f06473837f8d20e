import pg from 'pg';
import { SESSION_TOKEN_HASH, type CapturedRequest } from '../bare/statements.ts';
import { parameterLiteral } from '../../test/plans.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

export interface PlanCheck {
  /**
   * No Seq Scan of a table bigger than SMALL_TABLE_ROWS and no Sort of more rows than that, in
   * either plan.
   */
  clean: boolean;
  /** What was found, e.g. "Sort", "Seq Scan on units"; small scans and sorts are listed too. */
  findings: string[];
  /** A statement's plan that could not be made (e.g. a generic plan of an untyped parameter). */
  notes: string[];
  /** The product's connections' plan_cache_mode. */
  planCacheMode: string;
}

/**
 * Reading a table this small whole, or sorting this few rows, is cheaper than an index: not
 * counted against the request.
 */
const SMALL_TABLE_ROWS = 1_000;

const EXPLAINABLE = /^\s*\(?\s*(select|with|insert|update|delete|values)\b/i;
const FORCES_CUSTOM_PLANS = /plan_cache_mode\s*(=|to)\s*'?force_custom_plan/i;

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
        // What the sort is handed: a page's few rows or a small set is no concern, a table is.
        const input = node.Plans?.[0]?.['Plan Rows'] ?? node['Plan Rows'] ?? Infinity;
        const small = input <= SMALL_TABLE_ROWS;
        findings.add(
          `${type}${small ? ' (small)' : ` of ~${Math.round(input).toLocaleString('en')} rows`}`,
        );
        if (!small) clean = false;
      }
      for (const child of node.Plans ?? []) inspect(child);
    };
    // Only queries have plans (not BEGIN, SET or COMMIT); a request whose transaction forces
    // custom plans is planned only for its parameters.
    const all = request.groups.flat();
    const statements = all.filter(({ text }) => EXPLAINABLE.test(text));
    const customOnly =
      mode === 'force_custom_plan' || all.some(({ text }) => FORCES_CUSTOM_PLANS.test(text));
    for (const [i, statement] of statements.entries()) {
      const values = statement.values.map((v) => (v === SESSION_TOKEN_HASH ? tokenHash : v));
      const custom = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.text}`,
        values,
      );
      inspect(custom.rows[0]!['QUERY PLAN'][0].Plan);
      if (customOnly) continue;
      const name = `bench_explain_${i}`;
      try {
        await client.query('set plan_cache_mode = force_generic_plan');
        await client.query(`prepare ${name} as ${statement.text}`);
        const literals = values.map((v) => parameterLiteral(v ?? null));
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
