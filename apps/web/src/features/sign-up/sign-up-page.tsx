import { useState } from 'react';
import type { SignupCheckResponse } from '@portal/domain';
import { AuthPage } from '../identity-shared/auth-page';
import { AccountIdStep } from './account-id-step';
import { DetailsStep } from './details-step';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/signUp';

addMessages(messages);

/** docs/product.md#screens "Sign up (signup/)": the account id, then e-mail and password. */
export function SignUpPage() {
  const { _ } = useLingui();
  const [account, setAccount] = useState<SignupCheckResponse | null>(null);
  return (
    <AuthPage title={_('signUp.title')} corner={{ to: '/', label: _('signUp.signIn') }}>
      <AccountIdStep account={account} onAccepted={setAccount} onReset={() => setAccount(null)} />
      {account && <DetailsStep accountId={account.accountId} />}
    </AuthPage>
  );
}
