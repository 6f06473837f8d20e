import pg from 'pg';
import type { Database } from '../src/db/client.ts';

/** A statement as the app sent it to PostgreSQL. */
export interface SentStatement {
  text: string;
  values: unknown[];
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const poolOf = (db: Database) => (db as unknown as { $client: pg.Pool }).$client;

/** Every statement the database's pool sends from now on, appended to the array answered. */
export function recordStatements(db: Database): SentStatement[] {
  const sent: SentStatement[] = [];
  const pool = poolOf(db);
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    sent.push({ text, values: values ?? (config as { values?: unknown[] }).values ?? [] });
    return query(config, values);
  };
  return sent;
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * A statement's parameter written as SQL, for EXECUTE: untyped, as node-postgres sends it, so an
 * array takes the parameter's type (uuid[] as well as text[]).
 */
export const parameterLiteral = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? quoted(
          `{${value
            .map((item) => (item === null ? 'NULL' : `"${String(item).replace(/[\\"]/g, '\\$&')}"`))
            .join(',')}}`,
        )
      : quoted(String(value));

/**
 * The plan's nodes for one statement, with PostgreSQL's custom or generic plan
 * (`plan_cache_mode` `force_custom_plan` or `force_generic_plan`).
 */
export async function planOf(db: Database, statement: SentStatement, mode: string) {
  const client = await poolOf(db).connect();
  try {
    await client.query(`set plan_cache_mode = ${mode}`);
    await client.query(`prepare explained as ${statement.text}`);
    const params = statement.values.map(parameterLiteral);
    const { rows } = await client.query(
      `explain (format json) execute explained${params.length ? `(${params.join(', ')})` : ''}`,
    );
    await client.query('deallocate explained');
    return nodesOf((rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan);
  } finally {
    client.release(true);
  }
}
