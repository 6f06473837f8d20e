import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { homePathFor } from '../api/session';
import { useCurrentUser } from '../auth/require-session';
import { EmptyState } from './empty-state';
import { PageTitle } from './page-title';

interface NotForRoleProps {
  title: string;
  description: string;
  /** The button back to the signed-in user's home. */
  homeLabel: string;
}

/** A screen the signed-in role may not use: said at once, with the way home, not a 403. */
export function NotForRole({ title, description, homeLabel }: NotForRoleProps) {
  const user = useCurrentUser();
  return (
    <>
      <PageTitle title={title} />
      <EmptyState
        headingOrder={1}
        icon={<IconShieldLock aria-hidden />}
        title={title}
        description={description}
        action={
          <Button component={Link} to={homePathFor(user)} variant="default">
            {homeLabel}
          </Button>
        }
      />
    </>
  );
}
