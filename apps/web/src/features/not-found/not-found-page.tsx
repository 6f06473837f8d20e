import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/notFound';

addMessages(messages);

/** Any address outside docs/product.md#screens's route table. */
export function NotFoundPage() {
  const { _ } = useLingui();
  return (
    <>
      <PageTitle title={_('notFound.title')} />
      <EmptyState
        headingOrder={1}
        icon={<IconMapOff aria-hidden />}
        title={_('notFound.title')}
        description={_('notFound.description')}
        action={
          <Button component={Link} to="/">
            {_('notFound.goHome')}
          </Button>
        }
      />
    </>
  );
}
