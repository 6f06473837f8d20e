import { asc, desc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CheckerSort } from '@portal/domain';

export type OrderDirection = 'asc' | 'desc';

/** One column of a list's order: what to sort by, and its SQL type (to read a cursor back). */
export interface OrderColumn {
  expr: AnyPgColumn | SQL;
  type: 'timestamptz' | 'text' | 'uuid' | 'smallint' | 'approval_status';
}

/**
 * A list's order: its columns, ending with the unique key, all read in one direction. The list's
 * index has the same columns after its filter's, so PostgreSQL reads it in order, either way.
 */
export interface ListOrder {
  columns: OrderColumn[];
  direction: OrderDirection;
}

const flip = (direction: OrderDirection): OrderDirection => (direction === 'asc' ? 'desc' : 'asc');

export function orderBy(order: ListOrder, reversed = false): SQL[] {
  const direction = reversed ? flip(order.direction) : order.direction;
  return order.columns.map(({ expr }) => (direction === 'asc' ? asc(expr) : desc(expr)));
}

/** Rows after the cursor's row in the list's order: one row comparison, an index range. */
export function afterCursor(order: ListOrder, placeholder: (i: number) => SQL | Placeholder): SQL {
  const columns = sql.join(
    order.columns.map(({ expr }) => sql`${expr}`),
    sql`, `,
  );
  const values = sql.join(
    order.columns.map(({ type }, i) => sql`${placeholder(i)}::${sql.raw(type)}`),
    sql`, `,
  );
  return order.direction === 'asc'
    ? sql`(${columns}) > (${values})`
    : sql`(${columns}) < (${values})`;
}

/** The row's values of the order's columns as text, exact (microseconds too), for its cursor. */
export const cursorValuesOf = (exprs: (AnyPgColumn | SQL)[]) =>
  sql<string[]>`array[${sql.join(
    exprs.map((expr) => sql`${expr}::text`),
    sql`, `,
  )}]`;

/**
 * The checker lists' orders (docs/product.md#limits, plus the queue by age): by last update either way, or the
 * longest waiting first — earliest submission, never-submitted rows last. The key breaks ties in
 * the same direction, so pages never overlap and one index serves both directions.
 */
export function checkerOrder(
  sort: CheckerSort,
  columns: { updatedAt: AnyPgColumn; waitingSince: AnyPgColumn; key: AnyPgColumn },
): ListOrder {
  const key = { expr: columns.key, type: 'text' } as const;
  switch (sort) {
    case 'recentlyUpdatedOnTop':
      return {
        columns: [{ expr: columns.updatedAt, type: 'timestamptz' }, key],
        direction: 'desc',
      };
    case 'recentlyUpdatedOnBottom':
      return { columns: [{ expr: columns.updatedAt, type: 'timestamptz' }, key], direction: 'asc' };
    case 'longestWaitingOnTop':
      return {
        columns: [{ expr: columns.waitingSince, type: 'timestamptz' }, key],
        direction: 'asc',
      };
  }
}
