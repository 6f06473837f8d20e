import { lazy, Suspense, useCallback } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../components/page-loader';
import { addMessages, useLingui } from '../../i18n';
import { documentBytesQuery } from './document-queries';
import { messages } from '../../i18n/messages/documentPanel';
import type { PreviewKind } from './preview-kind';

addMessages(messages);

// pdf.js is large: only a PDF preview loads it.
const PdfPreview = lazy(() => import('./pdf-preview'));

export interface DocumentPreviewProps {
  file: { key: string; fileName: string; contentType: string };
  kind: PreviewKind;
  /** The signed download link. */
  url: string;
}

/**
 * The inline preview of a stored file (issue 11). The bytes are fetched and drawn from memory,
 * never by pointing a frame at the link: uploaded content never runs as the app's origin. Loaded
 * lazily by the slot, so screens without a panel do not carry this code.
 */
export default function DocumentPreview({ file, kind, url }: DocumentPreviewProps) {
  const bytes = useQuery(documentBytesQuery(file, url));
  const { _ } = useLingui();
  if (bytes.isPending) return <PageLoader label={_('documentPanel.preview.loading')} />;
  if (bytes.isError) {
    return (
      <Group gap="xs">
        <Text c="red.9">{_('documentPanel.preview.failed')}</Text>
        <Button size="compact-sm" variant="default" onClick={() => void bytes.refetch()}>
          {_('documentPanel.tryAgain')}
        </Button>
      </Group>
    );
  }
  return kind === 'image' ? (
    <ImagePreview blob={bytes.data} fileName={file.fileName} />
  ) : (
    <Suspense fallback={<PageLoader label={_('documentPanel.preview.pdfViewer')} />}>
      <PdfPreview blob={bytes.data} fileName={file.fileName} />
    </Suspense>
  );
}

/** An image drawn from its bytes through a blob: link, released when the image goes. */
function ImagePreview({ blob, fileName }: { blob: Blob; fileName: string }) {
  const { _ } = useLingui();
  const showBlob = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const link = URL.createObjectURL(blob);
      image.src = link;
      return () => URL.revokeObjectURL(link);
    },
    [blob],
  );
  return (
    <Box
      component="img"
      ref={showBlob}
      alt={_('documentPanel.preview.imageAlt', { fileName })}
      display="block"
      maw="100%"
      mah="70vh"
      style={{ objectFit: 'contain', border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}
