import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { useSession, useSignOut } from '../../api/session';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/oauthCallback';

addMessages(messages);

/**
 * docs/product.md#screens "OAuth callback": where staff land after the identity provider (the server has
 * already set the session). It says who signed in and goes straight on to the root, which
 * opens the saved return address or the role's home (docs/product.md#screens start-up) — no pause to wait out.
 */
export function OAuthCallbackPage() {
  const { _ } = useLingui();
  const session = useSession();
  if (session.isPending) {
    return (
      <>
        <PageTitle title={_('oauthCallback.authenticating')} />
        <Title order={1} size="h2" ta="center">
          {_('oauthCallback.authenticating')}
        </Title>
        <PageLoader label={_('oauthCallback.checkingSignIn')} />
      </>
    );
  }
  if (session.isError) {
    return (
      <EmptyState
        headingOrder={1}
        title={_('oauthCallback.checkFailed')}
        description={session.error.message}
        action={
          <Button onClick={() => void session.refetch()}>{_('oauthCallback.tryAgain')}</Button>
        }
      />
    );
  }
  // No session: the sign-in screen shows any failure the server sent back.
  if (!session.data) return <Navigate to="/" replace />;
  return <Welcome user={session.data} />;
}

function Welcome({ user }: { user: SessionUser }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();

  useEffect(() => {
    // Signing out leaves for /logout; going to the root meanwhile would race it.
    if (!isSigningOut) void navigate('/', { replace: true });
  }, [navigate, isSigningOut]);

  return (
    <Stack gap="sm" align="center" ta="center" py="xl">
      <PageTitle title={_('oauthCallback.welcomeTitle')} />
      <Title order={1} size="h2">
        {_('oauthCallback.welcome')}
      </Title>
      <Text>{user.email}</Text>
      <Text size="sm" c="dimmed" role="status">
        {_('oauthCallback.takingYouHome')}
      </Text>
      <Anchor component="button" type="button" onClick={signOut} disabled={isSigningOut}>
        {_('oauthCallback.logout')}
      </Anchor>
    </Stack>
  );
}
