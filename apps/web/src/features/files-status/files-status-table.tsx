import { Anchor, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { FileEntry } from '@portal/domain';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import type { FileTypeRow } from './files-status-queries';
import { messages } from '../../i18n/messages/filesStatus';

addMessages(messages);

/** docs/product.md#screens wording for a type with nothing to download. */
export const NO_FILE_TEXT_KEY = 'filesStatus.noFile';

/**
 * docs/product.md#screens "Read-only files status screen": File Type, File Name, Action for every
 * type of the set, whether or not a file was sent. A remarks-only entry has nothing
 * to download, so it reads 'No File Uploaded' too (docs/product.md#api). Cells wrap rather
 * than scroll, so three columns fit a phone.
 */
export function FilesStatusTable({
  rows,
  files,
}: {
  rows: readonly FileTypeRow[];
  files: FileEntry[];
}) {
  const { _ } = useLingui();
  const language = currentLanguage();
  return (
    <Table aria-label={_('filesStatus.tableLabel')} verticalSpacing="sm" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{_('filesStatus.columnType')}</Table.Th>
          <Table.Th>{_('filesStatus.columnName')}</Table.Th>
          <Table.Th>{_('filesStatus.columnAction')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ fileType, label: labelIn }) => {
          const label = labelIn(language);
          const entry = files.find(({ file }) => file.fileType === fileType);
          const fileName = entry?.file.fileName ?? null;
          const url = entry?.meta.presignedUrl ?? null;
          return (
            <Table.Tr key={fileType}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{fileName ?? '—'}</Table.Td>
              <Table.Td>
                {fileName && url ? (
                  <Anchor
                    href={url}
                    target="_blank"
                    // The link is a bearer of access: the new tab gets no handle back, the host no referrer.
                    rel="noopener noreferrer"
                    aria-label={_('filesStatus.downloadLabel', { label, fileName })}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {_('filesStatus.download')}{' '}
                    <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {_(NO_FILE_TEXT_KEY)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
