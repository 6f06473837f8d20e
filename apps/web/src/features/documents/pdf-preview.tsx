import 'react-pdf/dist/Page/TextLayer.css';
import { useState } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Document, Page, pdfjs } from 'react-pdf';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PageLoader } from '../../components/page-loader';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/documentPanel';

// The worker is a file of this build, served from the app's own origin: the CSP's worker
// fallback (script-src 'self') admits it, and nothing is fetched from elsewhere.
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

/** pdf.js never turns PDF content into code (its eval path for fonts); the CSP forbids it too. */
const PDF_OPTIONS = { isEvalSupported: false };

addMessages(messages);

/**
 * A PDF drawn in the page by pdf.js (through react-pdf), one page at a time at the width of the
 * panel. Links inside the PDF are not made live (no annotation layer); its text is laid over the
 * drawing so it can be selected and read out.
 */
export default function PdfPreview({ blob, fileName }: { blob: Blob; fileName: string }) {
  const { ref, width } = useElementSize();
  const [pageCount, setPageCount] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const { _ } = useLingui();
  const unreadable = <Text c="red.9">{_('documentPanel.pdf.unreadable')}</Text>;
  return (
    <Box style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
      {/* Measured inside the border, so the page fits the panel exactly. */}
      <Box ref={ref}>
        <Document
          file={blob}
          options={PDF_OPTIONS}
          onLoadSuccess={({ numPages }) => setPageCount(numPages)}
          loading={<PageLoader label={_('documentPanel.pdf.drawing')} />}
          error={unreadable}
        >
          <Page
            pageNumber={pageNumber}
            width={width > 0 ? width : undefined}
            renderAnnotationLayer={false}
            loading={<PageLoader label={_('documentPanel.pdf.drawingPage')} />}
            error={unreadable}
          />
        </Document>
      </Box>
      {pageCount > 1 && (
        <Group justify="center" gap="sm" p="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={pageNumber === 1}
            onClick={() => setPageNumber((page) => page - 1)}
            aria-label={_('documentPanel.pdf.previousOf', { fileName })}
          >
            {_('documentPanel.pdf.previous')}
          </Button>
          <Text size="sm" aria-live="polite">
            {_('documentPanel.pdf.pageOf', { page: pageNumber, count: pageCount })}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            disabled={pageNumber === pageCount}
            onClick={() => setPageNumber((page) => page + 1)}
            aria-label={_('documentPanel.pdf.nextOf', { fileName })}
          >
            {_('documentPanel.pdf.next')}
          </Button>
        </Group>
      )}
    </Box>
  );
}
