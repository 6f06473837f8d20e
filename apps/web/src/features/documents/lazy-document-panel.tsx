import { lazy, Suspense, useEffect, useState } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { addMessages, useLingui } from '../../i18n';
import type { DocumentPanelProps } from './document-panel';
import { messages } from '../../i18n/messages/documentEntry';

addMessages(messages);

// The panel carries the upload, review and history code and the drop zone: a list screen
// loads it when its first item is opened, not with the list.
const loadDocumentPanel = () =>
  import('./document-panel').then((module) => ({ default: module.DocumentPanel }));
const DocumentPanel = lazy(loadDocumentPanel);

/** Starts loading the panel's code before a set is opened: a link that names one opens it at once. */
export const preloadDocumentPanel = () => void loadDocumentPanel();

/** The document panel, loaded the first time a set is opened. */
export function LazyDocumentPanel(props: DocumentPanelProps) {
  const { _ } = useLingui();
  if (props.setRef === null) return null;
  return (
    <Suspense
      fallback={
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {_('documentEntry.opening')}
          </Text>
        </Group>
      }
    >
      <SlidesIn {...props} />
    </Suspense>
  );
}

/** Mounted closed, then opened, so the first opening slides in like every later one. */
function SlidesIn({ opened, ...props }: DocumentPanelProps) {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return <DocumentPanel {...props} opened={opened && isMounted} />;
}
