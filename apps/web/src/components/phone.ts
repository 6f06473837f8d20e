import { useMediaQuery } from '@mantine/hooks';

/** Mantine's `sm` breakpoint: below it a screen lays itself out for a phone. */
export const PHONE_QUERY = '(max-width: 48em)';

/** Whether the window is phone-sized, read at once so a phone never flashes the wide layout. */
export const useIsPhone = () =>
  useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
