import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconEyeOff, IconFile } from '@tabler/icons-react';
import type { FileEntry } from '@portal/domain';
import { PageLoader } from '../../components/page-loader';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/documentPanel';
import { previewKind } from './preview-kind';

// The preview (and pdf.js behind it) loads only when a file is first viewed.
const DocumentPreview = lazy(() => import('./document-preview'));

addMessages(messages);

interface SlotFileProps {
  entry: FileEntry;
  /** What the user may do with the file (Change), beside View and Download. */
  actions?: ReactNode;
}

/**
 * The file in a slot (docs/product.md#screens: the file name with View and Change buttons). View shows a PDF or
 * an image in the panel (issue 11: it used to download it), fetched only then, so a phone does
 * not pull every document when the panel opens; Download is always offered. docs/product.md#api: a
 * remarks-only entry reads "No File Uploaded".
 */
export function SlotFile({ entry, actions }: SlotFileProps) {
  const { fileName, contentType, key } = entry.file;
  const url = entry.meta.presignedUrl;
  const kind = previewKind(contentType);
  const [viewing, setViewing] = useState(false);
  const previewId = useId();
  const { _ } = useLingui();
  if (fileName === null || url === null) {
    return (
      <Group gap="xs">
        <IconFile aria-hidden size={18} />
        <Text>{_('documentPanel.file.none')}</Text>
        {actions}
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <IconFile aria-hidden size={18} />
        <Text style={{ wordBreak: 'break-all' }}>{fileName}</Text>
        {kind && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={
              viewing ? <IconEyeOff aria-hidden size={16} /> : <IconEye aria-hidden size={16} />
            }
            aria-expanded={viewing}
            aria-controls={previewId}
            aria-label={
              viewing
                ? _('documentPanel.file.hidePreviewOf', { fileName })
                : _('documentPanel.file.viewOf', { fileName })
            }
            onClick={() => setViewing((shown) => !shown)}
          >
            {viewing ? _('documentPanel.file.hide') : _('documentPanel.file.view')}
          </Button>
        )}
        <Button
          component="a"
          href={url}
          download={fileName}
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload aria-hidden size={16} />}
          aria-label={_('documentPanel.file.downloadOf', { fileName })}
        >
          {_('documentPanel.file.download')}
        </Button>
        {actions}
      </Group>
      {kind === null ? (
        <Text size="sm" c="dimmed">
          {_('documentPanel.file.noPreview')}
        </Text>
      ) : (
        <div id={previewId}>
          {viewing && contentType !== null && (
            <Suspense fallback={<PageLoader label={_('documentPanel.preview.loading')} />}>
              <DocumentPreview file={{ key, fileName, contentType }} kind={kind} url={url} />
            </Suspense>
          )}
        </div>
      )}
    </Stack>
  );
}
