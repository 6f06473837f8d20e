import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Playwright from 'playwright-core';
import { repoRoot } from './processes.ts';
import { median } from './stats.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface PaintResult {
  lcpMs: number;
  cls: number;
  fcpMs: number;
  /** The element of the last load's largest contentful paint, e.g. `h1 "Your loans"`. */
  lcpElement: string;
  runs: number;
  /** Median script files fetched per load, and their median bytes on the wire (kB). */
  scripts: number;
  transferKb: number;
  /** Median API calls per load. */
  apiCalls: number;
}

interface Paint {
  lcp: number;
  cls: number;
  fcp: number;
  element: string;
}

/** Set before the page's own scripts: the latest LCP candidate and the running CLS sum. */
const OBSERVERS = `
  window.__bench = { lcp: 0, cls: 0, fcp: 0, element: '' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__bench.lcp = entry.startTime;
      const element = entry.element;
      window.__bench.element = element
        ? element.tagName.toLowerCase() + ' "' + (element.textContent || '').trim().slice(0, 40) + '"'
        : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__bench.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** A connection as Chrome's network emulation takes it: round trip in ms, throughput in kbit/s. */
export interface NetworkProfile {
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
}

/** Lighthouse's mobile profile: a mid-range phone (its screen) on slow 4G. */
export const SLOW_4G_PHONE = {
  network: { latencyMs: 150, downloadKbps: 1_600, uploadKbps: 750 },
  screen: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
} satisfies { network: NetworkProfile; screen: Playwright.BrowserContextOptions };

/**
 * Opens `path` signed in (the session cookie set beforehand) in headless Chromium with the CPU
 * slowed `cpuSlowdown` times, and the connection throttled when a `network` is given, `runs`
 * times with an empty cache each, and answers the median largest contentful paint and cumulative
 * layout shift. `ready` is text the page shows once its content has arrived.
 */
export async function measurePaint(options: {
  base: string;
  path: string;
  sessionToken: string;
  ready: string;
  runs: number;
  cpuSlowdown: number;
  network?: NetworkProfile;
  screen?: Playwright.BrowserContextOptions;
}): Promise<PaintResult | string> {
  if (!existsSync(CHROMIUM)) return `n/a (no ${CHROMIUM})`;
  // playwright-core comes with the browser suite's @playwright/test.
  const require = createRequire(path.join(repoRoot, 'e2e/package.json'));
  const loaded = (await import(pathToFileURL(require.resolve('playwright-core')).href)) as
    typeof Playwright | { default: typeof Playwright };
  const { chromium } = 'default' in loaded ? loaded.default : loaded;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const lcp: number[] = [];
  const cls: number[] = [];
  const fcp: number[] = [];
  const scripts: number[] = [];
  const apiCalls: number[] = [];
  const transfer: number[] = [];
  let lcpElement = '';
  try {
    for (let run = 0; run < options.runs; run++) {
      const context = await browser.newContext(
        options.screen ?? { viewport: { width: 1366, height: 768 } },
      );
      try {
        await context.addCookies([
          { name: 'portal_session', value: options.sessionToken, url: options.base },
        ]);
        await context.addInitScript(OBSERVERS);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
        if (options.network) {
          await cdp.send('Network.enable');
          // Chrome takes throughput in bytes per second.
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: options.network.latencyMs,
            downloadThroughput: (options.network.downloadKbps * 1000) / 8,
            uploadThroughput: (options.network.uploadKbps * 1000) / 8,
          });
        }
        await page.goto(`${options.base}${options.path}`, {
          waitUntil: 'networkidle',
          timeout: 120_000,
        });
        await page.getByText(options.ready).first().waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1_000);
        // Evaluated in the page, where the observers keep their figures on window.
        const paint = (await page.evaluate('window.__bench')) as Paint;
        lcp.push(paint.lcp);
        cls.push(paint.cls);
        fcp.push(paint.fcp);
        lcpElement = paint.element;
        // What the page fetched after its HTML: scripts, styles and API answers.
        const loaded = (await page.evaluate(
          `performance.getEntriesByType('resource').map((entry) => [entry.name, entry.transferSize])`,
        )) as [string, number][];
        scripts.push(loaded.filter(([name]) => new URL(name).pathname.endsWith('.js')).length);
        apiCalls.push(loaded.filter(([name]) => new URL(name).pathname.startsWith('/api/')).length);
        transfer.push(loaded.reduce((sum, [, bytes]) => sum + bytes, 0) / 1000);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    lcpMs: median(lcp),
    cls: median(cls),
    fcpMs: median(fcp),
    lcpElement,
    runs: options.runs,
    scripts: median(scripts),
    apiCalls: median(apiCalls),
    transferKb: median(transfer),
  };
}
