import type pg from 'pg';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  type Cell,
} from '../../src/security/authorization-matrix.ts';

/**
 * Who a timed call is made as: nobody (a public route), the seeded borrower, or staff (an
 * approver where approvers may, else an admin).
 */
export type Caller = 'anyone' | 'borrower' | 'approver' | 'admin';

export interface RouteCall {
  /** The route as registered, e.g. `GET /api/projects/:projectKey/units`. */
  route: string;
  caller: Caller;
  /** The address called, its parameters filled from the seeded book. */
  url: string;
}

/** A GET of the API's document the walker does not time, and why. */
export interface UntimedRoute {
  route: string;
  reason: string;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { enum?: string[] };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}

/** One borrower's objects in the seeded book: what path parameters are filled with. */
export interface SeededObjects {
  accountId: string;
  opportunityKey: string;
  projectKey: string;
  /** An approved unit of the project (so with a NOC letter) and one of its files. */
  unitKey: string;
  unitFileId: string;
  letterNumber: string;
  collateralKey: string;
  frequencyKey: string;
  frequencyFileId: string;
}

/** The first of each kind of object of `accountKey`'s book, as its screens would open them. */
export async function seededObjects(
  client: pg.Pool | pg.Client,
  accountKey: string,
): Promise<SeededObjects | string> {
  const { rows } = await client.query<SeededObjects>(
    `select a.key as "accountId", o.key as "opportunityKey", p.key as "projectKey",
            u.key as "unitKey", uf.key::text as "unitFileId", n.letter_number as "letterNumber",
            c.key as "collateralKey", f.key as "frequencyKey", ff.key::text as "frequencyFileId"
       from accounts a
       cross join lateral (select key from opportunities where account_key = a.key order by key limit 1) o
       cross join lateral (select key from projects where opportunity_key = o.key order by key limit 1) p
       cross join lateral (select u.key from units u join noc_letters l on l.unit_key = u.key
                            where u.project_key = p.key and u.approval_status = 'APPROVED'
                              and l.revoked_at is null order by u.key limit 1) u
       cross join lateral (select key from unit_files where unit_key = u.key
                            and completed_at is not null and deleted_at is null limit 1) uf
       cross join lateral (select letter_number from noc_letters where unit_key = u.key) n
       cross join lateral (select c.key from collaterals c
                            where c.account_key = a.key
                              and exists (select 1 from frequencies where collateral_key = c.key)
                            order by c.key limit 1) c
       cross join lateral (select key from frequencies where collateral_key = c.key
                            order by key limit 1) f
       cross join lateral (select key from frequency_files where frequency_key = f.key
                            and completed_at is not null and deleted_at is null limit 1) ff
      where a.key = $1`,
    [accountKey],
  );
  return (
    rows[0] ??
    `${accountKey} has not one of each: a loan, a project, an approved unit with its NOC letter and a file, a collateral with a frequency and a file`
  );
}

const callerIndex = (caller: (typeof CALLERS)[number]) => CALLERS.indexOf(caller);
/** A caller may call a route unless every answer it may get is 401 or 403 (404 is "not yours"). */
const mayCall = (cell: Cell | undefined) =>
  cell !== undefined &&
  !String(cell)
    .split('|')
    .every((answer) => answer === '401' || answer === '403');

/** `/api/units/{unitKey}` as the route table writes it: `/api/units/:unitKey`. */
export const routePath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

/**
 * Every GET of the API's OpenAPI document, as the calls to time: each with the callers of
 * the authorisation matrix that may make it (a public route once, as nobody; otherwise as the
 * borrower and as staff, each where allowed), its path parameters filled from `objects`, and
 * its list parameters at a page of 50 and a report's range at the year to `today`. A GET that
 * cannot be filled, or that no borrower, approver or admin may call, is answered with why.
 */
export function plannedCalls(
  document: OpenApiDocument,
  objects: SeededObjects,
  today: string,
): { calls: RouteCall[]; untimed: UntimedRoute[] } {
  const calls: RouteCall[] = [];
  const untimed: UntimedRoute[] = [];
  const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  for (const [path, operations] of Object.entries(document.paths).toSorted(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const operation = operations.get;
    if (!operation) continue;
    const route = `GET ${routePath(path)}`;
    const cells = AUTHORIZATION_MATRIX[route];
    if (!cells) {
      untimed.push({ route, reason: 'no row in the authorisation matrix' });
      continue;
    }
    const callers: Caller[] = mayCall(cells[callerIndex('anonymous')])
      ? ['anyone']
      : [
          ...(mayCall(cells[callerIndex('borrowerA')]) ? (['borrower'] as const) : []),
          ...(mayCall(cells[callerIndex('approver')])
            ? (['approver'] as const)
            : mayCall(cells[callerIndex('admin')])
              ? (['admin'] as const)
              : []),
        ];
    if (callers.length === 0) {
      untimed.push({ route, reason: 'no borrower, approver or admin may call it' });
      continue;
    }
    const underFrequencies = path.startsWith('/api/frequencies/');
    const byName: Record<string, string> = {
      ...objects,
      parentKey: underFrequencies ? objects.frequencyKey : objects.unitKey,
      fileId: underFrequencies ? objects.frequencyFileId : objects.unitFileId,
    };
    const missing: string[] = [];
    let url = path;
    const query = new URLSearchParams();
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in === 'path') {
        const value = parameter.schema?.enum
          ? parameter.schema.enum.includes('PENDING_APPROVAL')
            ? 'PENDING_APPROVAL'
            : parameter.schema.enum[0]
          : byName[parameter.name];
        if (value === undefined) missing.push(`:${parameter.name}`);
        else url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
      } else if (parameter.in === 'query') {
        if (parameter.name === 'perPage') query.set('perPage', '50');
        else if (parameter.name === 'from') query.set('from', yearAgo);
        else if (parameter.name === 'to') query.set('to', today);
        else if (parameter.required) missing.push(`?${parameter.name}`);
      }
    }
    if (missing.length > 0) {
      untimed.push({ route, reason: `no seeded value for ${missing.join(', ')}` });
      continue;
    }
    const search = query.toString();
    for (const caller of callers) {
      calls.push({ route, caller, url: search ? `${url}?${search}` : url });
    }
  }
  return { calls, untimed };
}
