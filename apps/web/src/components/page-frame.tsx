import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Container, type MantineSize } from '@mantine/core';
import { PendingPage } from './pending-page';
import { addMessages, useLingui } from '../i18n';
import classes from './layout.module.css';
import { messages } from '../i18n/messages/components';

addMessages(messages);

const MAIN_ID = 'main-content';

interface PageFrameProps {
  header: ReactNode;
  size: MantineSize;
  children: ReactNode;
}

/** Header, then the page in a readable width, with a skip link over the header. */
export function PageFrame({ header, size, children }: PageFrameProps) {
  const { _ } = useLingui();
  return (
    <>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {_('components.pageFrame.skipToMain')}
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
        {children}
      </Container>
    </>
  );
}

/** The routed page; pages load lazily (docs/product.md#components: split routes). */
export function RoutedPage() {
  return (
    <Suspense fallback={<PendingPage />}>
      <Outlet />
    </Suspense>
  );
}
