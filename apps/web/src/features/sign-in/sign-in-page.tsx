import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { SignInChallenge } from '@portal/domain';
import { ApiError } from '../../api/client';
import { sessionQueryKey } from '../../api/session';
import { AuthPage } from '../identity-shared/auth-page';
import { PageLoader } from '../../components/page-loader';
import { ErrorAlert } from '../identity-shared/error-alert';
import { rememberFlowValue } from '../identity-shared/flow-state';
import { loadDomain, signIn as sendSignIn, type SignInFields } from './sign-in-api';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/signIn';
import { StaffSignOn } from './staff-sign-on';

addMessages(messages);

// The words for a failed staff sign-on live in the domain, loaded only when there is one.
const StaffSignOnErrorText = lazy(() =>
  loadDomain().then(({ staffSignOnErrorMessage }) => ({
    default: ({ code }: { code: string }) => staffSignOnErrorMessage(code, currentLanguage()),
  })),
);

// Only borrowers with two-factor sign-in reach it, so it loads after their password.
const TwoFactorStep = lazy(() =>
  import('./two-factor/two-factor-step').then(({ TwoFactorStep: step }) => ({ default: step })),
);

/** docs/product.md#screens "Sign in (root path)". */
export function SignInPage() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [hasFailed, setHasFailed] = useState(false);
  // A right password of a borrower who still owes a second factor (or must set one up).
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  // A ref, not isPending: a second Enter can arrive before React re-renders.
  const pendingRef = useRef(false);
  const signIn = useMutation({
    mutationFn: (fields: SignInFields) => sendSignIn(fields),
    // StartRedirect, around this page, then opens the saved return address or the role's home.
    onSuccess: (answer) => {
      if ('challenge' in answer) setChallenge(answer);
      else queryClient.setQueryData(sessionQueryKey, answer.user);
    },
    // docs/product.md#errors: after a failed sign-in the Forgot Password link appears.
    onError: () => setHasFailed(true),
    onSettled: () => {
      pendingRef.current = false;
    },
  });
  // docs/product.md#validation: Submit is enabled only when both fields are filled in (a username of spaces is not).
  const canSubmit = username.trim() !== '' && password !== '';
  // The staff sign-on sends its failures back here as ?error=<code>.
  const staffError = searchParams.get('error');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // docs/product.md#validation: only one password sign-in may be pending at a time.
    if (!canSubmit || pendingRef.current) return;
    pendingRef.current = true;
    signIn.mutate({ username, password });
  }

  if (challenge) {
    return (
      <AuthPage
        title={_('signIn.twoFactorTitle')}
        corner={{ to: '/signup', label: _('signIn.signUp') }}
      >
        <Suspense fallback={<PageLoader label={_('signIn.loading')} />}>
          <TwoFactorStep
            challenge={challenge}
            onRestart={() => {
              setChallenge(null);
              setPassword('');
              signIn.reset();
            }}
          />
        </Suspense>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={_('signIn.title')} corner={{ to: '/signup', label: _('signIn.signUp') }}>
      <Stack gap="lg">
        {staffError && (
          <Alert
            color="red"
            title={_('signIn.staffErrorTitle')}
            withCloseButton
            closeButtonLabel={_('signIn.dismiss')}
            onClose={() => setSearchParams({}, { replace: true })}
          >
            <Suspense fallback={<Loader size="xs" aria-label={_('signIn.loadingReason')} />}>
              <StaffSignOnErrorText code={staffError} />
            </Suspense>
          </Alert>
        )}
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={_('signIn.username')}
              description={_('signIn.usernameHint')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <PasswordInput
              label={_('signIn.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            {signIn.error && (
              <SignInError error={signIn.error} username={signIn.variables?.username} />
            )}
            <Button type="submit" disabled={!canSubmit} loading={signIn.isPending}>
              {_('signIn.submit')}
            </Button>
            {hasFailed && (
              <Anchor component={Link} to="/forgot_password" size="sm">
                {_('signIn.forgotPassword')}
              </Anchor>
            )}
          </Stack>
        </form>
        <StaffSignOn />
      </Stack>
    </AuthPage>
  );
}

/**
 * docs/product.md#errors: the server's message as it is (a 429 says how long to wait). A
 * borrower who never entered the e-mailed code is offered the way to do it.
 */
function SignInError({ error, username }: { error: Error; username: string | undefined }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const isUnconfirmedAccount =
    error instanceof ApiError &&
    error.code === 'USER_NOT_CONFIRMED' &&
    username !== undefined &&
    !username.includes('@');

  async function enterCode() {
    if (!username) return;
    // The account id as the sign-in sent it; the domain is loaded by then.
    const accountId = (await loadDomain()).normaliseUsername(username);
    rememberFlowValue('signupAccountId', accountId);
    void navigate('/verification', { state: { signupAccountId: accountId } });
  }

  return (
    <Stack gap="xs">
      <ErrorAlert message={error.message} />
      {isUnconfirmedAccount && (
        <Anchor component="button" type="button" size="sm" onClick={() => void enterCode()}>
          {_('signIn.enterVerificationCode')}
        </Anchor>
      )}
    </Stack>
  );
}
