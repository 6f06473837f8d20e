import { ilike, or, type Column, type SQL } from 'drizzle-orm';

/** A LIKE pattern for "contains": `%` and `_` (and the escape itself) typed by a user are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of `columns` contains `text`, ignoring case; no condition when there is no text. */
export function containsText(text: string | undefined, columns: Column[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
