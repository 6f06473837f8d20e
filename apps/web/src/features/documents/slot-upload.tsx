// The drop zone's styles load with the screens that show it, not with the first page.
import '@mantine/dropzone/styles.css';
import { useRef, useState } from 'react';
import { Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFile, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Trans } from '@lingui/react';
import type { DocumentFile } from '@portal/domain';
import { ApiError } from '../../api/client';
import { addMessages, i18n, useLingui } from '../../i18n';
import type { DocumentWrites } from './document-queries';
import type { DocumentSlot } from './document-set-ref';
import { messages } from '../../i18n/messages/documentPanel';
import { useAnnounce } from './panel-status';
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_FILES,
  uploadDocument,
  UploadCancelled,
  type UploadPhase,
} from './upload';

addMessages(messages);

/** One mutation key per slot: its parts see each other's work under way. */
export const slotMutationKey = (filesPath: string, fileType: string) =>
  ['document-slot', filesPath, fileType] as const;

/** What every part of a slot (upload, review, mark, discard) is given by the slot. */
export interface SlotPartProps {
  slot: DocumentSlot;
  /** Another action on the slot is under way. */
  busy: boolean;
  onStarted: () => void;
  onFailed: (error: unknown) => void;
  /** Where a part's answer goes: the panel's cache. */
  writes: DocumentWrites;
}

interface SlotUploadProps extends SlotPartProps {
  filesPath: string;
  /** The slot's live file a replacement takes the place of; absent for an empty slot. */
  replacing?: DocumentFile;
  /** A replacement starts with the file picked by Change. */
  initialFile?: File;
  /** Leaves the replacement; the slot is as it was. */
  onCancel?: () => void;
}

/**
 * The upload part of a slot (docs/product.md#screens, #validation): a file picker, the borrower's remarks and Upload,
 * enabled by remarks alone or a chosen file. As a replacement (Change) it sends the new file with
 * `replaces`: the live file keeps its slot until the new one is complete, and Cancel, before or
 * during the upload, leaves everything as it was.
 */
export function SlotUpload({
  filesPath,
  slot,
  replacing,
  initialFile,
  busy,
  onCancel,
  onStarted,
  onFailed,
  writes,
}: SlotUploadProps) {
  const [localFile, setLocalFile] = useState<File | null>(initialFile ?? null);
  const [remarks, setRemarks] = useState('');
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const openPicker = useRef<() => void>(null);
  const stop = useRef<AbortController | null>(null);
  const announce = useAnnounce();
  const { _ } = useLingui();

  const upload = useMutation({
    mutationKey: slotMutationKey(filesPath, slot.fileType),
    // What to send comes with the click, not from the last render's closure: the mutation's
    // options are updated after a render, so a quick click could otherwise send the state
    // before the file was chosen.
    mutationFn: ({ file, borrowerRemarks }: { file: File | null; borrowerRemarks: string }) => {
      stop.current = new AbortController();
      return uploadDocument(filesPath, {
        fileType: slot.fileType,
        file,
        borrowerRemarks,
        replaces: replacing?.key,
        onPhase: setPhase,
        signal: stop.current.signal,
      });
    },
    onMutate: onStarted,
    onSettled: () => setPhase(null),
    onSuccess: async (uploaded) => {
      announce(
        i18n._(replacing ? 'documentPanel.upload.replaced' : 'documentPanel.upload.uploaded', {
          label: slot.label,
        }),
      );
      await writes.fileChanged(uploaded);
    },
    onError: (error) => {
      if (error instanceof UploadCancelled) {
        announce(
          replacing
            ? i18n._('documentPanel.upload.cancelledReplacement', { label: slot.label })
            : i18n._('documentPanel.upload.cancelled'),
        );
        onCancel?.();
      } else {
        onFailed(error);
      }
    },
  });

  function refuse(rejections: FileRejection[]) {
    const tooMany = rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
    onFailed(
      tooMany
        ? new ApiError(400, 'VALIDATION_FAILED', i18n._('documentPanel.upload.oneFile'))
        : new ApiError(415, 'UNSUPPORTED_FILE_TYPE', ''),
    );
  }

  const sending = upload.isPending;
  // Once the server is checking the bytes, the swap is its decision.
  const mayStop = sending && phase?.step !== 'checking';
  const disabled = busy || sending;

  return (
    <Stack gap="sm">
      {replacing && (
        <Text>
          <Trans
            id="documentPanel.upload.newFileFor"
            values={{
              label: slot.label,
              current: replacing.fileName ?? _('documentPanel.upload.currentEntry'),
            }}
            components={{ 0: <Text component="strong" fw={700} /> }}
          />
        </Text>
      )}
      <Dropzone
        onDrop={(files) => {
          onStarted();
          setLocalFile(files[0] ?? null);
        }}
        onReject={refuse}
        accept={ACCEPTED_FILES}
        multiple={false}
        openRef={openPicker}
        disabled={disabled}
        inputProps={{ 'aria-label': _('documentPanel.upload.chooseFor', { label: slot.label }) }}
        p="md"
      >
        <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <IconUpload aria-hidden size={28} stroke={1.5} />
          <div>
            <Text>{_('documentPanel.upload.drag')}</Text>
            <Text size="sm" c="dimmed">
              {_('documentPanel.upload.types')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {localFile && (
        <Group gap="xs">
          <IconFile aria-hidden size={18} />
          <Text style={{ wordBreak: 'break-all' }}>{localFile.name}</Text>
          <Button
            size="compact-sm"
            variant="default"
            disabled={disabled}
            onClick={() => openPicker.current?.()}
          >
            {_('documentPanel.upload.change')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={disabled}
            onClick={() => setLocalFile(null)}
          >
            {_('documentPanel.upload.remove')}
          </Button>
        </Group>
      )}
      <Textarea
        label={
          replacing ? _('documentPanel.upload.remarksForNew') : _('documentPanel.remarks.borrower')
        }
        rows={2}
        maxLength={2000}
        value={remarks}
        onChange={(event) => setRemarks(event.currentTarget.value)}
        disabled={disabled}
      />
      {phase && <UploadProgress phase={phase} />}
      <Group gap="sm">
        <Button
          aria-label={_(
            replacing
              ? 'documentPanel.upload.uploadReplacementAria'
              : 'documentPanel.upload.uploadAria',
            { label: slot.label },
          )}
          // docs/product.md#validation: remarks alone are a real entry; so is a file alone.
          disabled={(remarks.trim() === '' && !localFile) || disabled}
          loading={sending}
          onClick={() => upload.mutate({ file: localFile, borrowerRemarks: remarks })}
        >
          {replacing
            ? _('documentPanel.upload.uploadReplacement')
            : _('documentPanel.upload.upload')}
        </Button>
        {mayStop && (
          <Button variant="default" onClick={() => stop.current?.abort()}>
            {_('documentPanel.upload.cancelUpload')}
          </Button>
        )}
        {replacing && !sending && (
          <Button variant="default" disabled={busy} onClick={onCancel}>
            {_('documentPanel.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Change on a slot's file: the picker opens at once, and only a picked file starts a
 * replacement (a cancelled picker changes nothing).
 */
export function ChangeFileButton({
  slot,
  disabled,
  onPick,
}: {
  slot: DocumentSlot;
  disabled: boolean;
  onPick: (file: File) => void;
}) {
  // Cleared after each pick, so picking the same file again still counts.
  const resetPicker = useRef<() => void>(null);
  const { _ } = useLingui();
  return (
    <FileButton
      accept={ACCEPT_ATTRIBUTE}
      resetRef={resetPicker}
      disabled={disabled}
      onChange={(file) => {
        resetPicker.current?.();
        if (file) onPick(file);
      }}
      inputProps={{ 'aria-label': _('documentPanel.upload.chooseNewFor', { label: slot.label }) }}
    >
      {(props) => (
        <Button
          {...props}
          size="compact-sm"
          variant="default"
          disabled={disabled}
          aria-label={_('documentPanel.upload.changeAria', { label: slot.label })}
        >
          {_('documentPanel.upload.change')}
        </Button>
      )}
    </FileButton>
  );
}

function UploadProgress({ phase }: { phase: UploadPhase }) {
  const percent = phase.step === 'sending' ? Math.round(phase.fraction * 100) : 100;
  const { _ } = useLingui();
  const words =
    phase.step === 'hashing'
      ? _('documentPanel.upload.preparing')
      : phase.step === 'sending'
        ? _('documentPanel.upload.sending', { percent })
        : _('documentPanel.upload.checking');
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {words}
      </Text>
      <Progress.Root size="md">
        <Progress.Section
          value={percent}
          animated={phase.step !== 'sending'}
          striped={phase.step !== 'sending'}
          aria-label={_('documentPanel.upload.progress')}
        />
      </Progress.Root>
    </Stack>
  );
}
