import { describe, expect, it } from 'vitest';
import { issueText } from './translate.ts';
import {
  CheckerListQuerySchema,
  FileListQuerySchema,
  FrequencyListQuerySchema,
  PAGE_SIZES,
  PageSizeSchema,
  PaginationQuerySchema,
  SortOrderSchema,
  listMeta,
  pageOffset,
  pageWindow,
} from './lists.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issueText('en', issue)}`);

describe('page window', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('shows first, last and current±1 with gaps in the middle of many pages', () => {
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  });

  it('shows the first pages and one gap at the start', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 'gap', 10]);
  });

  it('shows the last pages and one gap at the end', () => {
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageWindow(8, 10)).toEqual([1, 'gap', 7, 8, 9, 10]);
  });

  it('clamps a current page beyond the ends', () => {
    expect(pageWindow(99, 8)).toEqual([1, 'gap', 7, 8]);
  });
});

describe('list meta', () => {
  it('counts items on the page and pages in all', () => {
    expect(listMeta(2, 10, 25, 10, 'cursor')).toEqual({
      count: 10,
      page: 2,
      perPage: 10,
      totalPages: 3,
      totalRecords: 25,
      next: 'cursor',
    });
  });

  it('has no next cursor on the last page', () => {
    expect(listMeta(3, 10, 25, 5, 'cursor').next).toBeNull();
  });

  it('has no pages when there are no records', () => {
    expect(listMeta(1, 10, 0, 0).totalPages).toBe(0);
  });

  it('skips the rows of earlier pages', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
  });
});

describe('list queries', () => {
  it('defaults to page 1 with 10 per page', () => {
    expect(PaginationQuerySchema.parse({})).toEqual({ page: 1, perPage: 10 });
  });

  it('reads page and perPage from query text', () => {
    expect(PaginationQuerySchema.parse({ page: '3', perPage: '50' })).toEqual({
      page: 3,
      perPage: 50,
    });
  });

  it('refuses page 0, a fractional page and a page size outside 1–100', () => {
    expect(messages(PaginationQuerySchema.safeParse({ page: '0', perPage: '101' }))).toEqual([
      'page: Page must be 1 or more',
      'perPage: Page size must be from 1 to 100',
    ]);
    expect(messages(PaginationQuerySchema.safeParse({ perPage: '0' }))).toEqual([
      'perPage: Page size must be from 1 to 100',
    ]);
    expect(PaginationQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
    expect(PaginationQuerySchema.safeParse({ perPage: '2.5' }).success).toBe(false);
    expect(PaginationQuerySchema.parse({ perPage: '1' }).perPage).toBe(1);
    expect(PaginationQuerySchema.parse({ perPage: '100' }).perPage).toBe(100);
  });

  it('offers the screens SPEC’s page sizes only', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 40, 50]);
    expect(PageSizeSchema.safeParse(15).success).toBe(false);
  });

  it('reads an empty next as none', () => {
    expect(PaginationQuerySchema.parse({ next: '' }).next).toBeUndefined();
    expect(PaginationQuerySchema.parse({ next: 'abc' }).next).toBe('abc');
  });

  it('defaults the checker sort to recently updated on top', () => {
    expect(CheckerListQuerySchema.parse({}).sort).toBe('recentlyUpdatedOnTop');
    expect(CheckerListQuerySchema.safeParse({ sort: 'newest' }).success).toBe(false);
  });

  it('defaults the frequency list to sort column key, order topDown', () => {
    expect(FrequencyListQuerySchema.parse({})).toMatchObject({
      sortColumn: 'key',
      sortOrder: 'topDown',
    });
    expect(FrequencyListQuerySchema.safeParse({ sortColumn: 'name' }).success).toBe(false);
    expect(SortOrderSchema.options).toEqual(['topDown', 'bottomUp']);
  });

  it("defaults files to returnDeleted false and reads 'true' and 'false' as booleans", () => {
    expect(FileListQuerySchema.parse({}).returnDeleted).toBe(false);
    expect(FileListQuerySchema.parse({ returnDeleted: 'true' }).returnDeleted).toBe(true);
    expect(FileListQuerySchema.parse({ returnDeleted: 'false' }).returnDeleted).toBe(false);
    expect(FileListQuerySchema.safeParse({ returnDeleted: 'maybe' }).success).toBe(false);
  });
});
