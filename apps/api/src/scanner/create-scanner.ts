import { ConfigError } from '../env.ts';
import type { ClamdAddress, Scanner } from './scanner.ts';

const DEFAULT_CLAMD_PORT = 3310;

/** Parses SCANNER_URL; a mistake is a ConfigError naming the setting. */
export function parseScannerUrl(scannerUrl: string): ClamdAddress {
  const bad = (message: string) =>
    new ConfigError(`Invalid configuration:\n  SCANNER_URL: ${message}`);
  let url: URL;
  try {
    url = new URL(scannerUrl);
  } catch {
    throw bad('is not a URL (tcp://host:3310 or unix:///path/to/clamd.ctl)');
  }
  if (url.protocol === 'unix:') {
    if (url.host || !url.pathname || url.pathname === '/') {
      throw bad('must name a socket file, e.g. unix:///run/clamav/clamd.ctl');
    }
    return { path: decodeURIComponent(url.pathname) };
  }
  if (url.protocol === 'tcp:') {
    if (!url.hostname) throw bad('names no host (tcp://host:3310)');
    if (url.pathname && url.pathname !== '/') throw bad('must not have a path after the port');
    return {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : DEFAULT_CLAMD_PORT,
    };
  }
  throw bad('must be a tcp:// or unix:// URL (leave it unset to scan nothing)');
}

const noScanner: Scanner = {
  kind: 'none',
  scan: () => Promise.resolve({ infected: false }),
};

/**
 * docs/product.md#components style of optional services: ClamAV (clamd) when SCANNER_URL is set, else no scanning.
 * The driver is loaded on the first scan, like the other optional drivers.
 */
export function createScanner(scannerUrl: string | undefined): Scanner {
  if (!scannerUrl) return noScanner;
  const address = parseScannerUrl(scannerUrl);
  let driver: Promise<Scanner> | undefined;
  const load = () =>
    (driver ??= import('./clamav-scanner.ts').then(
      ({ ClamavScanner }) => new ClamavScanner(address),
    ));
  return {
    kind: 'clamav',
    scan: async (bytes) => (await load()).scan(bytes),
  };
}
