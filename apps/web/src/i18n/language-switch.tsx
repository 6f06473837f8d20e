import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from './i18n';

interface LanguageSwitchProps {
  /** Told of a choice after the screens have switched (the signed-in user's is saved). */
  onChange?: (language: (typeof LANGUAGES)[number]) => void;
}

/**
 * English or Hindi for every screen, in the header of every page: one button naming the other
 * language in its own script, as Indian banks' sites do (and lighter than a two-way control on
 * the sign-in page's first load).
 */
export function LanguageSwitch({ onChange }: LanguageSwitchProps) {
  const { _ } = useLingui();
  const other = currentLanguage() === 'en' ? 'hi' : 'en';
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other}
      title={_('language.switch')}
      onClick={() => {
        setLanguage(other);
        onChange?.(other);
      }}
    >
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
