import { createHash } from 'node:crypto';
import { withRowMapper } from './row-mapper.ts';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared statement built once per database and name: no SQL is built per request, on
 * PostgreSQL each connection parses and plans it once, and its rows are written by a mapper made
 * for it (row-mapper.ts). `build` prepares it under the name it is given.
 */
export function preparedOnce<T>(db: object, name: string, build: (statementName: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, withRowMapper(build(statementName(name))));
  return byName.get(name) as T;
}

/** PostgreSQL's longest name, in bytes; it cuts a longer statement name, so two could meet. */
const NAME_BYTES = 63;

/** A list's name as a statement name: a longer one keeps its start and gains its own hash. */
export function statementName(name: string): string {
  if (Buffer.byteLength(name) <= NAME_BYTES) return name;
  const hash = createHash('sha256').update(name).digest('base64url').slice(0, 12);
  return `${name.slice(0, NAME_BYTES - hash.length - 1)}~${hash}`;
}
