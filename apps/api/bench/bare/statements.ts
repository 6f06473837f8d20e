/**
 * The SQL the product sends to answer one request, as the benchmark captured it, and how the
 * bare server replays it. Statements sent while an earlier one was still unanswered form one
 * group (the product ran them side by side); groups run one after the other.
 */
export interface CapturedStatement {
  /** The prepared statement's name, or null for an unnamed one. */
  name: string | null;
  text: string;
  /** Parameters; SESSION_TOKEN_HASH stands for the hash of the caller's session token. */
  values: unknown[];
  /** Read date and time types as text, as the product's driver does. */
  rawTimes: boolean;
}

export interface CapturedRequest {
  method: string;
  /** Path and query string, exactly as requested. */
  url: string;
  groups: CapturedStatement[][];
  /** The options the product's connections were opened with, e.g. `-c plan_cache_mode=…`. */
  connectionOptions: string | null;
}

export const SESSION_TOKEN_HASH = '$sessionTokenHash';
