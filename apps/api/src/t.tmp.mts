import { openDatabase } from './db/client.ts';
import {
  listFrequenciesByStatus,
  listReadyFrequencies,
} from './modules/frequencies/frequencies.service.ts';
import { loanStatementsRepository } from './modules/loan-statements/loan-statements.repository.ts';
import { packsOwed } from './modules/monitoring/monitoring.service.ts';
import { recentLettersOfAccount } from './modules/noc-letters/noc-letters.service.ts';
import {
  listReadyUnits,
  listUnitsByStatus,
  listUnitsToUpload,
} from './modules/units/units.service.ts';
import { borrowerTodo } from './modules/todo/todo.service.ts';
const h = await openDatabase({
  kind: 'postgres',
  url: 'postgres://postgres@127.0.0.1:5432/portal_large',
});
const db = h.db;
const user = {
  id: 'x',
  sessionId: 'x',
  username: 'ACC000001',
  email: '',
  role: 'client',
  accountKey: 'ACC000001',
  name: null,
  language: 'en',
} as const;
const scope = 'ACC000001';
const clock = { now: () => new Date(), timeZone: 'Asia/Kolkata' };
const q = {
  page: 1,
  perPage: 10,
  sort: 'recentlyUpdatedOnTop',
  search: undefined,
  next: undefined,
} as any;
const parts: Record<string, () => Promise<unknown>> = {
  packs: () => packsOwed(db, scope, 10, clock),
  rejectedUnits: () => listUnitsByStatus(db, user, 'REJECTED', q),
  toUpload: () => listUnitsToUpload(db, scope, 10),
  readyUnits: () => listReadyUnits(db, scope, 10),
  rejectedFreq: () => listFrequenciesByStatus(db, user, 'REJECTED', q, 'Asia/Kolkata'),
  readyFreq: () => listReadyFrequencies(db, scope, 10, 'Asia/Kolkata'),
  letters: () => recentLettersOfAccount(db, scope, new Date(Date.now() - 30 * 86400000), 10),
  statements: () => loanStatementsRepository.listOpenForAccount(db, scope, 10),
  whole: () => borrowerTodo(db, user, clock),
};
for (let round = 0; round < 3; round++) {
  const out: string[] = [];
  for (const [name, f] of Object.entries(parts)) {
    const t = performance.now();
    await f();
    out.push(`${name} ${(performance.now() - t).toFixed(1)}`);
  }
  console.log(out.join(' | '));
}
await h.close();
