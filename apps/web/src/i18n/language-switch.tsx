import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { currentLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from './i18n';

interface LanguageSwitchProps {
  /** Told of a choice after the screens have switched (the signed-in user's is saved). */
  onChange?: (language: (typeof LANGUAGES)[number]) => void;
}

/** English or Hindi for every screen, in the header of every page. */
export function LanguageSwitch({ onChange }: LanguageSwitchProps) {
  const { _ } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      aria-label={_('language.switch')}
      value={currentLanguage()}
      data={LANGUAGES.map((language) => ({
        value: language,
        label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
      }))}
      onChange={(value) => {
        if (!isLanguage(value)) return;
        setLanguage(value);
        onChange?.(value);
      }}
    />
  );
}
