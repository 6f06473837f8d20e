import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { useSession, useSignOut } from '../../api/session';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';

/**
 * SPEC §2 "OAuth callback": where staff land after the identity provider (the server has
 * already set the session). It says who signed in and goes straight on to the root, which
 * opens the saved return address or the role's home (SPEC §2 start-up) — no pause to wait out.
 */
export function OAuthCallbackPage() {
  const session = useSession();
  if (session.isPending) {
    return (
      <>
        <PageTitle title="Authenticating..." />
        <Title order={1} size="h2" ta="center">
          Authenticating...
        </Title>
        <PageLoader label="Checking your sign-in…" />
      </>
    );
  }
  if (session.isError) {
    return (
      <EmptyState
        headingOrder={1}
        title="We could not check your sign-in"
        description={session.error.message}
        action={<Button onClick={() => void session.refetch()}>Try again</Button>}
      />
    );
  }
  // No session: the sign-in screen shows any failure the server sent back.
  if (!session.data) return <Navigate to="/" replace />;
  return <Welcome user={session.data} />;
}

function Welcome({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();

  useEffect(() => {
    // Signing out leaves for /logout; going to the root meanwhile would race it.
    if (!isSigningOut) void navigate('/', { replace: true });
  }, [navigate, isSigningOut]);

  return (
    <Stack gap="sm" align="center" ta="center" py="xl">
      <PageTitle title="Welcome" />
      <Title order={1} size="h2">
        Welcome to Borrower Portal
      </Title>
      <Text>{user.email}</Text>
      <Text size="sm" c="dimmed" role="status">
        Taking you to your home page…
      </Text>
      <Anchor component="button" type="button" onClick={signOut} disabled={isSigningOut}>
        Logout
      </Anchor>
    </Stack>
  );
}
