/**
 * docs/product.md#screens: a guarded page visited without a session is remembered and opened
 * once after sign-in. Kept in sessionStorage so it dies with the tab.
 */
const RETURN_URL_KEY = 'returnUrl';

/** Only paths of this app: a stored absolute or protocol-relative URL would be an open redirect. */
function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export function saveReturnUrl(url: string): void {
  if (isAppPath(url)) sessionStorage.setItem(RETURN_URL_KEY, url);
}

export function readReturnUrl(): string | null {
  const url = sessionStorage.getItem(RETURN_URL_KEY);
  return url !== null && isAppPath(url) ? url : null;
}

export function clearReturnUrl(): void {
  sessionStorage.removeItem(RETURN_URL_KEY);
}
