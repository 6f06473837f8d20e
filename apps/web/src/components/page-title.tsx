import { addMessages, useLingui } from '../i18n';
import { messages } from '../i18n/messages/components';

addMessages(messages);

/** The browser tab names the screen, so history and screen readers can tell pages apart. */
export function PageTitle({ title }: { title: string }) {
  const { _ } = useLingui();
  // React 19 hoists <title> into <head>.
  return <title>{_('components.pageTitle.title', { title })}</title>;
}
