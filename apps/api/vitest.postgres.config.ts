import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiProject } from './vitest.config.ts';

/**
 * `npm run test:pg`: the API files whose behaviour depends on the database engine, run again on a
 * real PostgreSQL server (`npm test` runs every file on PGlite, the same PostgreSQL in one
 * process and one connection). What differs there: plans and named prepared statements, several
 * connections at once (row locks, SKIP LOCKED, advisory locks, replicas), the node-postgres driver
 * and the server's own settings. Every other file proves the same thing on either engine. When in
 * doubt a file belongs here.
 */
export const POSTGRES_SUITE = [
  // Migrations, the connection pool and prepared statements; lists, their plans, kept counts and
  // the triggers behind them.
  'src/db/**/*.test.ts',
  'src/modules/documents/list-plans.test.ts',
  'src/modules/documents/list-counts.test.ts',
  'src/modules/documents/document-set-lists.test.ts',
  'src/modules/units/unit-checker-list.test.ts',
  'src/modules/units/ready-units.test.ts',
  'src/modules/frequencies/frequency-checker-list.test.ts',
  'src/modules/document-search/document-search.routes.test.ts',
  // Which way a search walks is PostgreSQL's row estimates and plans.
  'src/modules/document-search/document-search.repository.test.ts',
  'src/modules/loans/loans.routes.test.ts',
  'src/modules/accounts/accounts.routes.test.ts',
  'src/modules/todo/todo.routes.test.ts',
  'src/modules/monitoring/monitoring.routes.test.ts',
  'src/modules/monitoring/monitoring-periods.test.ts',
  'src/modules/monitoring/monitoring-plans.test.ts',
  'src/modules/reports/reports.routes.test.ts',
  'src/modules/reports/rejection-report.test.ts',
  // The lender's import moves loans and collaterals between accounts: triggers follow them.
  'src/modules/lender-data/lender-data.routes.test.ts',
  // Races decided by row locks, versions and advisory locks: two people acting at once.
  'src/modules/units/units.routes.test.ts',
  'src/modules/units/noc-release.routes.test.ts',
  'src/modules/frequencies/frequencies.routes.test.ts',
  'src/modules/documents/change-set-status.test.ts',
  'src/modules/documents/upload-document.test.ts',
  'src/modules/documents/review-document.test.ts',
  'src/modules/documents/replace-document.test.ts',
  'src/modules/documents/rejection-reason.test.ts',
  'src/modules/documents/fraud-signals.routes.test.ts',
  'src/modules/documents/malware-scan.routes.test.ts',
  'src/modules/documents/clean-abandoned-uploads.test.ts',
  'src/modules/noc-letters/noc-letters.routes.test.ts',
  'src/modules/identity/staff-users.test.ts',
  // Throttles, and the session lookup (a named statement) under many requests at once.
  'src/modules/identity/attempt-limits.test.ts',
  'src/modules/identity/identity.routes.test.ts',
  'src/modules/identity/two-factor.routes.test.ts',
  'src/modules/identity/sessions.test.ts',
  'src/modules/users/users.routes.test.ts',
  // The outbox (SKIP LOCKED claims) and what it delivers; several replicas on one database.
  'src/outbox/**/*.test.ts',
  'src/mail/mail-jobs.test.ts',
  'src/modules/events/**/*.test.ts',
  'src/modules/webhooks/**/*.test.ts',
  'src/modules/monitoring/monitoring-reminders.test.ts',
  'src/metrics/metrics.test.ts',
  'src/replicas/**/*.test.ts',
  'src/modules/health/**/*.test.ts',
  'src/tracing.test.ts',
  // Whatever bytes a request carries reach the database through the driver of each engine.
  'src/security/hostile-input.test.ts',
  'src/security/hostile-input-regressions.test.ts',
];

// A file or folder moved or renamed must not silently leave the PostgreSQL run.
for (const entry of POSTGRES_SUITE) {
  if (!existsSync(path.join(import.meta.dirname, entry.split('/**')[0]!))) {
    throw new Error(`vitest.postgres.config.ts lists ${entry}, which does not exist`);
  }
}

// Its files in OWN_MODULES run on PostgreSQL in `api-own-modules`, which `npm run test:pg` runs too.
export default apiProject('api-postgres', POSTGRES_SUITE);
