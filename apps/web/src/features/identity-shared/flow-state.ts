import { useLocation } from 'react-router';

/**
 * What one identity screen hands to the next (docs/product.md#screens flows): the account id from
 * sign-up to verification, the username from forgot password to the code and
 * new-password screens. Sent as router state and kept in sessionStorage, so a
 * reload or a later visit in the same tab still knows it.
 */
export type FlowKey = 'signupAccountId' | 'resetUsername';

export function rememberFlowValue(key: FlowKey, value: string): void {
  sessionStorage.setItem(key, value);
}

export function forgetFlowValue(key: FlowKey): void {
  sessionStorage.removeItem(key);
}

/** A string the previous screen put in router state, if any. */
export function stateValue(state: unknown, key: string): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const value: unknown = (state as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The value from router state, else from sessionStorage; `null` when the flow was not started. */
export function useFlowValue(key: FlowKey): string | null {
  const { state } = useLocation();
  return stateValue(state, key) ?? sessionStorage.getItem(key);
}
