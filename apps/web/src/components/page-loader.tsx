import { Center, Loader, Text } from '@mantine/core';
import { addMessages, useLingui } from '../i18n';
import { messages } from '../i18n/messages/components';

addMessages(messages);

interface PageLoaderProps {
  label?: string;
  /** A second line, such as the retry under way. */
  detail?: string | null;
}

/** docs/product.md#look-and-feel: no blank screens — a visible, announced loading state. */
export function PageLoader({ label, detail }: PageLoaderProps) {
  const { _ } = useLingui();
  return (
    <Center
      role="status"
      py="xl"
      style={{ flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}
    >
      <Loader aria-hidden />
      <Text c="dimmed" size="sm">
        {label ?? _('components.pageLoader.loading')}
      </Text>
      {detail && (
        <Text c="dimmed" size="sm">
          {detail}
        </Text>
      )}
    </Center>
  );
}
