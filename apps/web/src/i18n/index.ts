export { useLingui } from '@lingui/react';
export {
  addMessages,
  currentLanguage,
  i18n,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  languageReady,
  loadHindi,
  setLanguage,
  type Catalog,
  type Language,
} from './i18n';
import { addMessages } from './i18n';
import { messages } from './messages/language';

addMessages(messages);
