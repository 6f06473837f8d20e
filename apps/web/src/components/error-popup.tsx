import { lazy, Suspense } from 'react';
import { translate } from '@portal/domain/translate';
import { addMessages, currentLanguage } from '../i18n';
import type { ErrorPopupProps } from './error-dialog';
import { messages } from '../i18n/messages/components';

addMessages(messages);

/** docs/product.md#errors: the words of the popup for an update the server could not pass on (HTTP 503). */
export const updateFailedMessage = () =>
  translate(currentLanguage(), 'domain.error.DEPENDENCY_DOWN');

/**
 * The dialog (Modal, focus trap, scroll lock) loads while the popup is still closed, as its
 * screen shows, so it is at hand when an error comes, even one of a lost connection.
 */
const ErrorDialog = lazy(() => import('./error-dialog'));

/** The error popup of docs/product.md#screens, #errors, with a dimming overlay and a focused Close button. */
export function ErrorPopup(props: ErrorPopupProps) {
  return (
    <Suspense fallback={null}>
      <ErrorDialog {...props} />
    </Suspense>
  );
}
