import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@portal/domain';

/** What a route (router.tsx) tells the shell beyond its screen. */
export interface RouteHandle {
  /** The screen checks the session: the first render waits for its answer (main.tsx). */
  checksSession?: true;
  /** Starts loading the code of the route's frame, beside the session check. */
  preload?(): Promise<unknown>;
  /** Starts the screen's first reads together with its code (router.tsx preloadScreen). */
  prefetch?(queryClient: QueryClient, searchParams: URLSearchParams): void;
  /** The page's heading, shown above the loader while the page's code loads. */
  heading?(user: SessionUser): string;
}
