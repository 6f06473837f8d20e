import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Container, type MantineSize } from '@mantine/core';
import { useSession } from '../api/session';
import { AppHeader } from './app-header';
import { PageLoader } from './page-loader';
import classes from './layout.module.css';

const MAIN_ID = 'main-content';

/** Header, then the routed page in a readable width; pages load lazily (DESIGN §2: split routes). */
function Frame({ header, size }: { header: ReactNode; size: MantineSize }) {
  return (
    <>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        Skip to main content
      </a>
      {header}
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        size={size}
        py="lg"
        className={classes.main}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}

/**
 * Signed-in screens: the role's navigation in the header (SPEC §2). The route
 * guard sits inside, so its loading and redirect states keep the page frame.
 */
export function AppLayout() {
  const { data: user } = useSession();
  return <Frame header={<AppHeader user={user ?? undefined} />} size="xl" />;
}

/** Sign-in, sign-up and the other public screens: a narrow column. */
export function PublicLayout() {
  return <Frame header={<AppHeader />} size="sm" />;
}
