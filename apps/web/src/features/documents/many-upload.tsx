import '@mantine/dropzone/styles.css';
import { useRef, useState } from 'react';
import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconFiles } from '@tabler/icons-react';
import pLimit from 'p-limit';
import { suggestSlots } from '@portal/domain';
import { addMessages, i18n, useLingui } from '../../i18n';
import type { DocumentWrites } from './document-queries';
import type { DocumentSlot } from './document-set-ref';
import { messages } from '../../i18n/messages/documentPanel';
import { useAnnounce } from './panel-status';
import { ACCEPTED_FILES, documentErrorMessage, uploadDocument, type UploadPhase } from './upload';

addMessages(messages);

/** Uploads under way at once: enough to overlap the server's checks, few enough for a phone. */
const AT_ONCE = 3;

/** A phone's camera gives a JPEG; the server takes PNG too. */
const PHOTO_TYPES = 'image/jpeg,image/png';

interface Picked {
  id: number;
  file: File;
  /** The slot it goes to: offered by its name, confirmed or changed by the borrower. */
  fileType: string | null;
  progress: { phase: UploadPhase } | { waiting: true } | { failed: string } | null;
}

interface ManyUploadProps {
  filesPath: string;
  /** The slots still empty that the borrower may fill now, in panel order. */
  freeSlots: readonly DocumentSlot[];
  writes: DocumentWrites;
  /** A file is in its slot. */
  onUploaded(fileType: string): void;
}

/**
 * Several files at once for an empty set: dropped or picked together (or photographed on a phone),
 * each offered to the slot its name or kind suggests; the borrower confirms or changes the slots
 * and one Upload sends them all, a few at a time. Each slot's own upload stays for one file.
 */
export function ManyUpload({ filesPath, freeSlots, writes, onUploaded }: ManyUploadProps) {
  const { _ } = useLingui();
  const theme = useMantineTheme();
  const isPhone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const announce = useAnnounce();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [sending, setSending] = useState(false);
  const nextId = useRef(0);
  const resetCamera = useRef<() => void>(null);

  const update = (id: number, change: Partial<Picked>) =>
    setPicked((rows) => rows.map((row) => (row.id === id ? { ...row, ...change } : row)));

  function add(files: File[]) {
    setPicked((rows) => {
      const taken = new Set(rows.map((row) => row.fileType));
      const open = freeSlots.map((slot) => slot.fileType).filter((type) => !taken.has(type));
      const offered = suggestSlots(
        files.map((file) => file.name),
        open,
      );
      return [
        ...rows,
        ...files.map((file, index) => ({
          id: nextId.current++,
          file,
          fileType: offered[index] ?? null,
          progress: null,
        })),
      ];
    });
  }

  async function uploadAll() {
    const ready = picked.filter((row) => row.fileType !== null);
    setSending(true);
    for (const row of ready) update(row.id, { progress: { waiting: true } });
    const limit = pLimit(AT_ONCE);
    const results = await Promise.all(
      ready.map((row) =>
        limit(async () => {
          const fileType = row.fileType!;
          try {
            const entry = await uploadDocument(filesPath, {
              fileType,
              file: row.file,
              borrowerRemarks: '',
              onPhase: (phase) => update(row.id, { progress: { phase } }),
            });
            // Done: the row leaves, and its slot shows the file.
            setPicked((rows) => rows.filter((other) => other.id !== row.id));
            await writes.fileChanged(entry);
            onUploaded(fileType);
            return true;
          } catch (error) {
            update(row.id, { progress: { failed: documentErrorMessage(error) } });
            return false;
          }
        }),
      ),
    );
    setSending(false);
    const done = results.filter(Boolean).length;
    announce(
      done === results.length
        ? i18n._('documentPanel.many.allUploaded', { count: done })
        : i18n._('documentPanel.many.someFailed', { done, failed: results.length - done }),
    );
  }

  // One empty slot takes its file itself; files already picked stay until they are in.
  if (freeSlots.length < 2 && picked.length === 0 && !sending) return null;

  const chosen = picked.map((row) => row.fileType);
  const clash = chosen.some((type, index) => type !== null && chosen.indexOf(type) !== index);
  const unplaced = picked.some((row) => row.fileType === null);

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="many-upload-title">
      <Stack gap="sm">
        <Text id="many-upload-title" fw={600}>
          {_('documentPanel.many.title')}
        </Text>
        <Dropzone
          onDrop={add}
          accept={ACCEPTED_FILES}
          multiple
          disabled={sending}
          inputProps={{ 'aria-label': _('documentPanel.many.choose') }}
          p="sm"
        >
          <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconFiles aria-hidden size={28} stroke={1.5} />
            <div>
              <Text>{_('documentPanel.many.drag')}</Text>
              <Text size="sm" c="dimmed">
                {_('documentPanel.many.hint')}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {isPhone && (
          <FileButton
            accept={PHOTO_TYPES}
            capture="environment"
            resetRef={resetCamera}
            disabled={sending}
            onChange={(file) => {
              resetCamera.current?.();
              if (file) add([file]);
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconCamera aria-hidden size={18} />}
                disabled={sending}
              >
                {_('documentPanel.many.photo')}
              </Button>
            )}
          </FileButton>
        )}
        {picked.length > 0 && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {picked.map((row) => (
              <li key={row.id}>
                <Group gap="xs" wrap="wrap" align="flex-end">
                  <Select
                    style={{ flex: '1 1 14rem' }}
                    label={row.file.name}
                    styles={{ label: { wordBreak: 'break-all' } }}
                    aria-label={_('documentPanel.many.slotFor', { name: row.file.name })}
                    placeholder={_('documentPanel.many.pickSlot')}
                    data={freeSlots.map((slot) => ({
                      value: slot.fileType,
                      label: slot.label,
                      disabled: row.fileType !== slot.fileType && chosen.includes(slot.fileType),
                    }))}
                    value={row.fileType}
                    onChange={(fileType) => update(row.id, { fileType, progress: null })}
                    disabled={sending}
                    error={
                      row.fileType === null && row.progress === null
                        ? _('documentPanel.many.noSuggestion')
                        : undefined
                    }
                  />
                  <CloseButton
                    aria-label={_('documentPanel.many.remove', { name: row.file.name })}
                    disabled={sending}
                    onClick={() => setPicked((rows) => rows.filter((other) => other.id !== row.id))}
                  />
                </Group>
                {row.progress && <RowProgress progress={row.progress} />}
              </li>
            ))}
          </Stack>
        )}
        {picked.length > 0 && (
          <Group gap="sm">
            <Button onClick={() => void uploadAll()} loading={sending} disabled={unplaced || clash}>
              {_('documentPanel.many.upload', { count: picked.length })}
            </Button>
            {clash && (
              <Text size="sm" c="red.8">
                {_('documentPanel.many.clash')}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function RowProgress({ progress }: { progress: NonNullable<Picked['progress']> }) {
  const { _ } = useLingui();
  if ('failed' in progress) {
    return (
      <Text size="sm" c="red.8">
        {progress.failed}
      </Text>
    );
  }
  if ('waiting' in progress) {
    return <Text size="sm">{_('documentPanel.many.waiting')}</Text>;
  }
  const { phase } = progress;
  return (
    <Text size="sm">
      {phase.step === 'hashing'
        ? _('documentPanel.upload.preparing')
        : phase.step === 'sending'
          ? _('documentPanel.upload.sending', { percent: Math.round(phase.fraction * 100) })
          : _('documentPanel.upload.checking')}
    </Text>
  );
}
