// The lists' speed layer, one folder (README.md): what repositories import to read a list.
export {
  ALL_ACCOUNTS,
  compactListCounts,
  countedTotal,
  tableTotal,
  type CountedList,
  type CountedTable,
} from './counts.ts';
export {
  afterCursor,
  checkerOrder,
  cursorValuesOf,
  orderBy,
  type ListOrder,
  type OrderColumn,
} from './orders.ts';
export {
  pageByNumber,
  readList,
  type ListParam,
  type PagedRow,
  type PreparedPage,
  type ReadVariant,
} from './paged-list.ts';
export { preparedOnce } from './prepared.ts';
export { containsPattern, containsText, plannedForItsValues, preparedByText } from './search.ts';
