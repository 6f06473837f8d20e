import { Center, Loader, Text } from '@mantine/core';

/** DESIGN §7: no blank screens — a visible, announced loading state. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center
      role="status"
      py="xl"
      style={{ flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}
    >
      <Loader aria-hidden />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Center>
  );
}
