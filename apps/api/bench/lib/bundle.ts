import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes.ts';

export interface BundleRow {
  route: string;
  jsKb: number;
  cssKb: number;
  budgetKb: number;
}

/**
 * The web build's first-load sizes per screen, as the web app's own budget script reads them
 * from Vite's manifest (apps/web/scripts/check-bundle-budget.mjs); a reason when it cannot.
 */
export function bundleSizes(): { rows: BundleRow[]; verdict: string } | string {
  const script = path.join(repoRoot, 'apps/web/scripts/check-bundle-budget.mjs');
  if (!existsSync(script)) return 'n/a (apps/web/scripts/check-bundle-budget.mjs not found)';
  const run = spawnSync(process.execPath, [script], {
    cwd: path.dirname(script),
    encoding: 'utf8',
  });
  const rows: BundleRow[] = [];
  for (const line of run.stdout.split('\n').slice(1)) {
    // route  JS  CSS  budget  result  on-demand…; the route may contain single spaces.
    const cells = line.trim().split(/\s{2,}/);
    const [route, js, css, budget] = cells;
    if (cells.length >= 5 && route && [js, css, budget].every((cell) => /^[\d.]+$/.test(cell!))) {
      rows.push({ route, jsKb: Number(js), cssKb: Number(css), budgetKb: Number(budget) });
    }
  }
  if (rows.length === 0) {
    return `n/a (budget script: ${(run.stderr || run.stdout).trim().split('\n')[0] ?? 'no output'})`;
  }
  return { rows, verdict: run.status === 0 ? 'every screen within budget' : run.stderr.trim() };
}
