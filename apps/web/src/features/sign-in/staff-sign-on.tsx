import { useEffect, useId, useState } from 'react';
import { Button, Divider, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_SIGN_ON_PATH } from '@portal/domain/identity-paths';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/signIn';
import { fetchAuthProviders } from './sign-in-api';

addMessages(messages);

/** Which staff sign-on the server offers, if any; it does not change while the page is open. */
export const authProvidersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: ({ signal }) => fetchAuthProviders(signal),
  staleTime: Infinity,
  // Sign-in must not wait docs/product.md#limits's ten seconds of retries for a button's name.
  retry: false,
});

/**
 * docs/product.md#screens "Continue With": staff sign in with the lender's identity provider (docs/product.md#roles,
 * OpenID Connect), named on the button ("Continue With Single Sign-On"). A plain GET form, so
 * the browser leaves the app for the server's redirect to the provider. No button when the
 * server has no staff sign-on; if the server cannot say, SPEC's plain "Continue With" is shown
 * and the server answers the click.
 */
export function StaffSignOn() {
  const { _ } = useLingui();
  const descriptionId = useId();
  const [isLeaving, setIsLeaving] = useState(false);
  const providers = useQuery(authProvidersQuery);

  // Coming back with the Back button restores this page from the cache, mid-"loading".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  if (providers.isSuccess && providers.data.staff === null) return null;
  const name = providers.data?.staff?.name;

  return (
    <form method="get" action={STAFF_SIGN_ON_PATH} onSubmit={() => setIsLeaving(true)}>
      <Stack gap="xs">
        <Divider label={_('signIn.or')} labelPosition="center" />
        {providers.isPending ? (
          <Skeleton height={36} radius="md" aria-hidden />
        ) : (
          <Button
            type="submit"
            variant="default"
            leftSection={<IconBuildingBank size={18} aria-hidden />}
            loading={isLeaving}
            aria-describedby={descriptionId}
          >
            {name ? _('signIn.continueWithProvider', { name }) : _('signIn.continueWith')}
          </Button>
        )}
        <Text id={descriptionId} size="sm" c="dimmed" ta="center">
          {_('signIn.staffHint')}
        </Text>
      </Stack>
    </form>
  );
}
