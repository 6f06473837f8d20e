import { useState } from 'react';
import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from './i18n';

interface LanguageSwitchProps {
  /** Told of a choice as it is made (the signed-in user's is saved). */
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
  // Hindi waits for its font on a browser's first switch; the button says it is on its way.
  const [switching, setSwitching] = useState(false);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other}
      title={_('language.switch')}
      loading={switching}
      onClick={() => {
        const shown = setLanguage(other);
        onChange?.(other);
        if (currentLanguage() !== other) setSwitching(true);
        void shown.then(() => setSwitching(false));
      }}
    >
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
