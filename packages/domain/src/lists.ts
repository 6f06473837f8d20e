import { z } from 'zod';
import { ApprovalStatusSchema } from './approval-status.ts';
import { invalid } from './translate.ts';

/** docs/product.md#limits: page sizes the checker and frequency screens offer; 10 is the default. */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const PageSizeSchema = z.literal(PAGE_SIZES, {
  error: invalid('domain.error.VALIDATION_FAILED.pageSizeChoice', { sizes: PAGE_SIZES.join(', ') }),
});
export type PageSize = z.infer<typeof PageSizeSchema>;
export const DEFAULT_PAGE_SIZE = 10 satisfies PageSize;

/** docs/product.md#api: the API serves any page size from 1 to 100 (the screens offer PAGE_SIZES). */
export const MAX_PER_PAGE = 100;

/**
 * The files screen's search counts its matches up to this many and pages through the newest this
 * many: a term a quarter of the book holds finds its first page at once, and a narrower search
 * reaches older files.
 */
export const SEARCH_MATCHES_COUNTED = 1_000;

/** docs/product.md#limits: opportunities come ten to a page. */
export const OPPORTUNITIES_PAGE_SIZE = 10;

/**
 * docs/product.md#limits: checker list sort; recently updated on top is the default. Operations also work the
 * queue by age: longest waiting (earliest submitted) on top.
 */
export const CheckerSortSchema = z.enum([
  'recentlyUpdatedOnTop',
  'recentlyUpdatedOnBottom',
  'longestWaitingOnTop',
]);
export type CheckerSort = z.infer<typeof CheckerSortSchema>;

/** docs/product.md#api: topDown = ascending (the default), bottomUp = descending. */
export const SortOrderSchema = z.enum(['topDown', 'bottomUp']);
export type SortOrder = z.infer<typeof SortOrderSchema>;

/** docs/product.md#screens: the frequency screen's sort columns; key is the default. */
export const FrequencySortColumnSchema = z.enum([
  'key',
  'approvalStatus',
  'frequency',
  'month',
  'year',
]);
export type FrequencySortColumn = z.infer<typeof FrequencySortColumnSchema>;

/** docs/product.md#api: file lists take a sort column too; key is the default (docs/product.md#limits). */
export const FileSortColumnSchema = z.enum([
  'key',
  'fileType',
  'fileName',
  'approvalStatus',
  'createdAt',
  'updatedAt',
]);
export type FileSortColumn = z.infer<typeof FileSortColumnSchema>;

/**
 * docs/product.md#screens: the status filter of the checker screens; docs/product.md#limits: pending is the default. 'ALL'
 * lists every status, NOT_RAISED included (a borrower's Unit Status shows everything theirs).
 */
export const CHECKER_STATUS_FILTERS = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'ALL'] as const;
export const CheckerStatusFilterSchema = z.enum([...ApprovalStatusSchema.options, 'ALL']);
export type CheckerStatusFilter = z.infer<typeof CheckerStatusFilterSchema>;
export const DEFAULT_CHECKER_STATUS =
  'PENDING_APPROVAL' satisfies (typeof CHECKER_STATUS_FILTERS)[number];

/** docs/product.md#records, #api: the `meta` of every list answer. */
export const ListMetaSchema = z.object({
  count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
  totalRecords: z.number().int().nonnegative(),
  /** More match than `totalRecords`, where a list counts only so far (SEARCH_MATCHES_COUNTED). */
  moreThanTotal: z.boolean().optional(),
  /** docs/product.md#api: an opaque cursor to the next page (`?next=`), null on the last page. */
  next: z.string().nullable().optional(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

/**
 * docs/product.md#api: `count` is the items on this page, `totalRecords` all of them; `next` is the cursor
 * of the following page, or null when this is the last.
 */
export function listMeta(
  page: number,
  perPage: number,
  totalRecords: number,
  count: number,
  next: string | null = null,
): ListMeta {
  const totalPages = Math.ceil(totalRecords / perPage);
  return { count, page, perPage, totalPages, totalRecords, next: page < totalPages ? next : null };
}

/** Rows to skip for a 1-based page. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

export type PageWindowItem = number | 'gap';

/**
 * docs/product.md#limits: all pages when there are 7 or fewer; otherwise the first, the last
 * and current±1, with a 'gap' where pages are left out. A gap that would hide a
 * single page shows that page instead.
 */
export function pageWindow(current: number, total: number): PageWindowItem[] {
  if (total <= 7) return Array.from({ length: Math.max(total, 0) }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), total);
  const shown = [...new Set([1, page - 1, page, page + 1, total])]
    .filter((p) => p >= 1 && p <= total)
    .sort((a, b) => a - b);
  const items: PageWindowItem[] = [];
  let previous = 0;
  for (const p of shown) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

/** Query strings arrive as text; 'true'/'false' (and 1/0, yes/no) become booleans. */
export const BooleanQuerySchema = z.union([z.boolean(), z.stringbool()]);

const PER_PAGE_RANGE = invalid('domain.error.VALIDATION_FAILED.perPageRange', {
  max: MAX_PER_PAGE,
});

/** docs/product.md#limits defaults: page 1, ten per page. */
export const PageQuerySchema = z.coerce
  .number({ error: invalid('domain.error.VALIDATION_FAILED.pageNumber') })
  .int(invalid('domain.error.VALIDATION_FAILED.pageWhole'))
  .min(1, invalid('domain.error.VALIDATION_FAILED.pageAtLeastOne'))
  .default(1);
export const PerPageQuerySchema = z.coerce
  .number({ error: invalid('domain.error.VALIDATION_FAILED.pageSizeNumber') })
  .int(invalid('domain.error.VALIDATION_FAILED.pageSizeWhole'))
  .min(1, PER_PAGE_RANGE)
  .max(MAX_PER_PAGE, PER_PAGE_RANGE)
  .default(DEFAULT_PAGE_SIZE);

/** docs/product.md#api: `next` is the opaque cursor a previous page's meta gave; it wins over `page`. */
const NextQuerySchema = z
  .string()
  .max(512, invalid('domain.error.VALIDATION_FAILED.cursor'))
  .optional()
  .transform((next) => next || undefined);

export const PaginationQuerySchema = z.object({
  page: PageQuerySchema,
  perPage: PerPageQuerySchema,
  next: NextQuerySchema,
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

/** docs/product.md#api: the project list pages by a `next` cursor. */
export const CursorQuerySchema = z.object({ next: z.string().optional() });
export type CursorQuery = z.infer<typeof CursorQuerySchema>;

/** docs/product.md#api: `…/status/{status}/?sort=&perPage=&page=` on both checker lists. */
export const CheckerListParamsSchema = z.object({ status: CheckerStatusFilterSchema });
/** Words to find a row by: account id or name, project, tower, unit no or customer (units), collateral (frequencies). */
const SearchQuerySchema = z
  .string()
  .trim()
  .max(100, invalid('domain.error.VALIDATION_FAILED.searchTooLong', { max: 100 }))
  .optional()
  .transform((search) => search || undefined);
export const CheckerListQuerySchema = PaginationQuerySchema.extend({
  sort: CheckerSortSchema.default('recentlyUpdatedOnTop'),
  search: SearchQuerySchema,
});
export type CheckerListQuery = z.infer<typeof CheckerListQuerySchema>;

/**
 * docs/product.md#api `GET projects/{p}/units`: by key without a sort (SPEC's own call); the unit listing
 * screen also narrows by status, sorts and searches on the server.
 */
export const ProjectUnitsQuerySchema = PaginationQuerySchema.extend({
  status: CheckerStatusFilterSchema.default('ALL'),
  sort: CheckerSortSchema.optional(),
  search: SearchQuerySchema,
});
export type ProjectUnitsQuery = z.infer<typeof ProjectUnitsQuerySchema>;

/** docs/product.md#limits: frequency screen defaults are page 1, sort column key, order topDown. */
export const FrequencyListQuerySchema = PaginationQuerySchema.extend({
  sortColumn: FrequencySortColumnSchema.default('key'),
  sortOrder: SortOrderSchema.default('topDown'),
});
export type FrequencyListQuery = z.infer<typeof FrequencyListQuerySchema>;

/** docs/product.md#api, #limits: file lists default to key, topDown, returnDeleted false; searchString is a file type. */
export const FileListQuerySchema = PaginationQuerySchema.extend({
  sortColumn: FileSortColumnSchema.default('key'),
  sortOrder: SortOrderSchema.default('topDown'),
  returnDeleted: BooleanQuerySchema.default(false),
  searchString: z.string().optional(),
});
export type FileListQuery = z.infer<typeof FileListQuerySchema>;

/** docs/product.md#api: `GET /api/users?search=&page=&perPage=`. */
export const UserListQuerySchema = PaginationQuerySchema.extend({
  search: z.string().trim().optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/**
 * The files screen (docs/product.md#screens `files`): the documents of the signed-in borrower's account, or for
 * staff everyone's; newest upload first. `search` matches file name, document type and the parent
 * (account, project, unit, collateral); `status` narrows to one file status.
 */
export const DocumentSearchQuerySchema = PaginationQuerySchema.extend({
  search: SearchQuerySchema,
  status: ApprovalStatusSchema.optional(),
});
export type DocumentSearchQuery = z.infer<typeof DocumentSearchQuerySchema>;
