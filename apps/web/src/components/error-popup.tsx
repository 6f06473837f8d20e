import { lazy, Suspense } from 'react';
import { addMessages, i18n } from '../i18n';
import type { ErrorPopupProps } from './error-dialog';
import { messages } from './messages';

addMessages(messages);

/** SPEC §8: the words of the popup for an update the server could not pass on (HTTP 503). */
export const updateFailedMessage = () => i18n._('errorPopup.updateFailed');

/**
 * The dialog (Modal, focus trap, scroll lock) loads while the popup is still closed, as its
 * screen shows, so it is at hand when an error comes, even one of a lost connection.
 */
const ErrorDialog = lazy(() => import('./error-dialog'));

/** The error popup of SPEC §2/§8, with a dimming overlay and a focused Close button. */
export function ErrorPopup(props: ErrorPopupProps) {
  return (
    <Suspense fallback={null}>
      <ErrorDialog {...props} />
    </Suspense>
  );
}
