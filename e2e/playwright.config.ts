import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-command.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
// Every run gets a folder of its own: a fresh embedded database with the demo data, and the signed-in
// states of staff. Made once by the runner; its workers, started after, read the same variable.
process.env.E2E_RUN_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
const dataDir = path.join(process.env.E2E_RUN_DIR, 'data');

export default defineConfig({
  testDir: '.',
  // Two tests at a time against the one server, any spec's beside any other's: whole files went
  // to a worker each, and the last long ones left it running alone (255 s of tests on one worker,
  // 321 on the other). A third worker was tried: on one 2-core machine it cut the run 8.5 → 7.2
  // min, on another the suite was bound by CPU and more tests came near their timeouts. Every test
  // makes its own borrowers and units; the two files whose tests share a server of their own keep
  // them in one worker (`mode: 'default'`).
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  // A step is a few server round trips (hash, upload, check, refetch); on a busy 2-core machine
  // 5 s per expectation is tight.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // Recording a trace (a screencast and a snapshot per action) cost a quarter of the suite's
    // time; a test that fails is retried on CI with its trace recorded.
    trace: 'on-first-retry',
    // Every context (those tests open themselves too) asks for reduced motion, which the theme
    // respects: overlays open without their transition, so an axe check never reads a drawer's
    // or a dialog's colours half faded in.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium; a test tool's own browser download cannot reach its host here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Each demo staff member signs in once, through the development provider, for every spec.
    { name: 'staff sessions', testMatch: 'staff-sessions.setup.ts' },
    { name: 'browser', testMatch: '**/*.spec.ts', dependencies: ['staff sessions'] },
  ],
  webServer: {
    // The compiled server, as `npm start` and the container run it (`npm run build` first).
    command: ['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' '),
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  },
});
