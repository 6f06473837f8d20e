import type { QueryState } from '@tanstack/react-query';

/**
 * A read whose first answer counts as fresh for a few seconds, and every later one not at all: a
 * screen's reads are started beside its code on a first load (RouteHandle.prefetch), and that
 * answer serves the screen as it mounts rather than being read again at once. Opened later, the
 * screen reads afresh as every other; a change the user makes refreshes it by invalidation.
 */
export const freshOnlyAtFirst = ({ state }: { state: Pick<QueryState, 'dataUpdateCount'> }) =>
  state.dataUpdateCount === 1 ? 5_000 : 0;
