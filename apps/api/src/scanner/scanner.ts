/** What the scanner said about one file: clean, or infected with the named signature. */
export type ScanVerdict = { infected: false } | { infected: true; signature: string };

/**
 * The malware scanner every upload's bytes pass through at `complete`, beside the storage port.
 * `none` (no SCANNER_URL) scans nothing: files are not scanned, and the admin screen says so.
 */
export interface Scanner {
  readonly kind: 'clamav' | 'none';
  /** Rejects with ScannerUnavailableError when the scanner cannot be reached or does not answer. */
  scan(bytes: NodeJS.ReadableStream): Promise<ScanVerdict>;
}

/** The scanner could not give a verdict (refused, timed out, broke off): retry later. */
export class ScannerUnavailableError extends Error {
  override name = 'ScannerUnavailableError';
}

/** Where clamd listens, from SCANNER_URL: `tcp://host:3310` or `unix:///path/to/clamd.ctl`. */
export type ClamdAddress = { host: string; port: number } | { path: string };
