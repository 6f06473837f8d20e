import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';

/** Any address outside SPEC §2's route table. */
export function NotFoundPage() {
  return (
    <>
      <PageTitle title="Page not found" />
      <EmptyState
        headingOrder={1}
        icon={<IconMapOff aria-hidden />}
        title="Page not found"
        description="The address may be mistyped, or the page has moved."
        action={
          <Button component={Link} to="/">
            Go to the home page
          </Button>
        }
      />
    </>
  );
}
