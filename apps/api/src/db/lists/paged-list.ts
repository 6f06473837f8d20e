import type { Placeholder, SQL } from 'drizzle-orm';
import { DomainError } from '@portal/domain';

/**
 * Lists that stay fast at any size (README.md). Every list reads its page off one index whose
 * columns are its filter, then its order, then the unique key (schema.ts), so PostgreSQL never
 * sorts the list, and a page is read the cheapest of three ways, each its own prepared statement:
 *
 * - a page in the front half is skipped to over the index (a deferred join: only keys are skipped);
 * - a page in the back half is read from the other end, in reverse, so the last page costs what
 *   the first does;
 * - a client walking the list passes `next`, the cursor of the row it stopped at, and the page
 *   starts right after it whatever its depth (keyset), and whatever changed before it meanwhile.
 *
 * Totals come from elsewhere (list_counts, or a bounded count), never from a count of the table.
 */

/** A value in a list statement: a placeholder of a prepared one, or a bound value. */
export type ListParam = (name: string) => SQL | Placeholder;

/** Where a cursor points: the page it opens, and the values of the row before it. */
export interface Cursor {
  page: number;
  values: string[];
}

/**
 * Cursors are opaque to clients (docs/product.md#api): base64url JSON naming the list they belong to, so a
 * cursor of another list, sort or filter is refused rather than misread.
 */
export function encodeCursor(list: string, cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ l: list, p: cursor.page, v: cursor.values })).toString(
    'base64url',
  );
}

export function decodeCursor(list: string, text: string, columns: number): Cursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const { l, p, v } = (decoded ?? {}) as { l?: unknown; p?: unknown; v?: unknown };
  if (
    l !== list ||
    !Number.isSafeInteger(p) ||
    (p as number) < 2 ||
    !Array.isArray(v) ||
    v.length !== columns ||
    !v.every((value) => typeof value === 'string' && value.length <= 200)
  ) {
    throw new DomainError('VALIDATION_FAILED', {
      message: 'domain.error.VALIDATION_FAILED.cursor',
      field: 'next',
    });
  }
  return { page: p as number, values: v as string[] };
}

/** How to read one page: nothing, after a cursor, or by offset from the nearer end. */
export type PagePlan =
  | { kind: 'empty' }
  | { kind: 'after'; values: string[]; limit: number }
  | { kind: 'offset'; reversed: boolean; offset: number; limit: number };

/** Chooses the cheapest read of `page` of a list `total` long. */
export function planPage(page: number, perPage: number, total: number, cursor?: Cursor): PagePlan {
  const start = (page - 1) * perPage;
  if (start >= total) return { kind: 'empty' };
  const limit = Math.min(perPage, total - start);
  if (cursor) return { kind: 'after', values: cursor.values, limit };
  // Past the middle the page is nearer the end: read it backwards from there.
  if (start + limit / 2 > total / 2) {
    return { kind: 'offset', reversed: true, offset: total - start - limit, limit };
  }
  return { kind: 'offset', reversed: false, offset: start, limit };
}

/** A list page's rows carry their place in the read (`ord`) and their cursor values. */
export interface PagedRow {
  ord: number | string;
  /** The row's values of the order's columns, as text (orders.ts, cursorValuesOf). */
  cursor: string[];
}

/** The three ways a page is read; each is its own prepared statement. */
export type ReadVariant = 'forward' | 'reversed' | 'after';

export interface PreparedPage<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * Reads a planned page with the variant's prepared statement and answers it in the list's order
 * (a page read backwards is turned round). `values` are the statement's own placeholders.
 */
async function readPage<Row extends PagedRow>(
  statement: (variant: ReadVariant) => PreparedPage<Row>,
  plan: PagePlan,
  values: Record<string, unknown>,
): Promise<Row[]> {
  if (plan.kind === 'empty') return [];
  const rows =
    plan.kind === 'after'
      ? await statement('after').execute({
          ...values,
          limit: plan.limit,
          ...Object.fromEntries(plan.values.map((value, i) => [`after${i}`, value])),
        })
      : await statement(plan.reversed ? 'reversed' : 'forward').execute({
          ...values,
          offset: plan.offset,
          limit: plan.limit,
        });
  const reversed = plan.kind === 'offset' && plan.reversed;
  return rows.toSorted((a, b) => (Number(a.ord) - Number(b.ord)) * (reversed ? -1 : 1));
}

/**
 * One page of a list read the fast way: the page a cursor opens (or the asked one), the list's
 * total, the page's rows by the cheapest plan, and the cursor of the page after it.
 */
export async function readList<Row extends PagedRow>(list: {
  /** Names the list (scope, status, order) in cursors. */
  name: string;
  /** How many values a cursor carries (the order's columns). */
  columns: number;
  paging: { page: number; perPage: number; next?: string | undefined };
  total: () => Promise<number>;
  statement: (variant: ReadVariant) => PreparedPage<Row>;
  values: Record<string, unknown>;
}) {
  const { name, paging } = list;
  const cursor =
    paging.next === undefined ? undefined : decodeCursor(name, paging.next, list.columns);
  const page = cursor?.page ?? paging.page;
  const total = await list.total();
  const rows = await readPage(
    list.statement,
    planPage(page, paging.perPage, total, cursor),
    list.values,
  );
  const last = rows.at(-1);
  return {
    rows,
    total,
    page,
    next: last ? encodeCursor(name, { page: page + 1, values: last.cursor }) : null,
  };
}

/**
 * Lists that page by number (short ones: a borrower's loans, collaterals, a set's files, users)
 * give a cursor too (docs/product.md#api), naming the page after this one: the page a `next` names, or the
 * asked page, and the cursor of the following one.
 */
export function pageByNumber(list: string, query: { page: number; next?: string | undefined }) {
  const page = query.next === undefined ? query.page : decodeCursor(list, query.next, 0).page;
  return { page, next: encodeCursor(list, { page: page + 1, values: [] }) };
}
