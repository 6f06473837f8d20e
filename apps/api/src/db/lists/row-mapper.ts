import { Column, is, SQL } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle keeps on a prepared select: its selection in column order, and its joins. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * drizzle maps a prepared select's rows field by field, asking each field what it is on every row
 * (`is()` walks the prototype chain) and walking its path with an iterator: a sixth of the server's
 * CPU for a checker page of 50 units and their 350 live files (README.md). This works out each
 * column's decoder and place once per statement and installs the mapper drizzle calls instead
 * (`customResultMapper`, its hook for its own relational queries), which writes the same objects.
 *
 * It reads drizzle's internals (the fields above, an SQL's decoder): row-mapper.test.ts holds its
 * rows equal to drizzle's, and a statement whose internals it does not find stays with drizzle. A
 * statement with an outer join and a table's columns nested under a name stays with drizzle too:
 * it turns such an object into `null` when its table matched nothing.
 */
export function withRowMapper<T>(prepared: T): T {
  const select = prepared as PreparedSelect;
  const fields = select.fields;
  if (!Array.isArray(fields) || select.customResultMapper) return prepared;
  const outerJoined = Object.values(select.joinsNotNullableMap ?? {}).some((notNull) => !notNull);
  const nestsColumns = fields.some(({ path, field }) => path.length === 2 && is(field, Column));
  if (outerJoined && nestsColumns) return prepared;
  const write = writerOf(
    fields.map(({ path, field }, column) => ({ path, column, decoder: decoderOf(field) })),
  );
  select.customResultMapper = (rows) => rows.map(write);
  return prepared;
}

interface Placed {
  /** The property's path below the level being written. */
  path: string[];
  column: number;
  decoder: Decoder;
}

type Writer = (row: unknown[]) => Record<string, unknown>;
type Step = { name: string; column: number; decoder: Decoder } | { name: string; child: Writer };

/**
 * Writes one level of a row: its properties in the selection's order, so every row's objects have
 * one shape, each a column's decoded value or the object of the level below.
 */
function writerOf(placed: Placed[]): Writer {
  const byName = new Map<string, Placed[]>();
  for (const { path, ...rest } of placed) {
    const [name, ...below] = path as [string, ...string[]];
    byName.set(name, [...(byName.get(name) ?? []), { path: below, ...rest }]);
  }
  const steps: Step[] = [...byName].map(([name, [first, ...others]]) =>
    first!.path.length === 0 && others.length === 0
      ? { name, column: first!.column, decoder: first!.decoder }
      : { name, child: writerOf([first!, ...others]) },
  );
  return (row) => {
    const object: Record<string, unknown> = {};
    for (const step of steps) {
      if ('child' in step) {
        object[step.name] = step.child(row);
      } else {
        const value = row[step.column];
        object[step.name] = value === null ? null : step.decoder.mapFromDriverValue(value);
      }
    }
    return object;
  };
}

/** The decoder drizzle's mapResultRow picks for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // An SQL's decoder (set by mapWith) is drizzle's own, not in its types.
  const decoderOfSql = (query: SQL) => (query as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  const aliased = field as { sql?: SQL; _?: { sql: SQL } };
  return decoderOfSql(aliased.sql ?? aliased._!.sql);
}
