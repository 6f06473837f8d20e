import { DEFAULT_TIME_ZONE, formatDate } from '@portal/domain';
import type { Language } from '../../i18n';

const TIME_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', {
    timeZone: DEFAULT_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }),
  hi: new Intl.DateTimeFormat('hi-IN', {
    timeZone: DEFAULT_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }),
};

/** docs/product.md#look-and-feel dates ('22 Nov 2026'), with the time: several events can happen in one day. */
export const formatWhen = (iso: string, language: Language) =>
  `${formatDate(iso, DEFAULT_TIME_ZONE, language)}, ${TIME_FORMATS[language].format(new Date(iso))}`;
