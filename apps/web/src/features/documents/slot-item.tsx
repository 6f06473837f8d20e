import { useEffect, useRef, useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconFile, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  canDiscard,
  canUpload,
  FileResponseSchema,
  slotColour,
  unitCheckerLabel,
  type Actor,
  type ApprovalStatus,
  type FileEntry,
  type ReviewOutcome,
} from '@portal/domain';
import { ApiError, apiSend, NoContentSchema } from '../../api/client';
import type { DocumentSlot } from './document-set-ref';
import { ACCEPTED_FILES, documentErrorMessage, uploadDocument, type UploadPhase } from './upload';

interface SlotItemProps {
  filesPath: string;
  slot: DocumentSlot;
  /** The slot's live file, if any. */
  entry: FileEntry | undefined;
  parentStatus: ApprovalStatus;
  actor: Actor;
  /** SPEC §6 / DESIGN §5: approvers and admins review; viewers only read. */
  isReviewer: boolean;
  /** Open the file dialog at once: this slot was just emptied by Change. */
  openPicker: boolean;
  onPickerOpened: () => void;
  /** Change was chosen: once the file is discarded, pick a new one. */
  onReplace: () => void;
  /** Refetch the set and tell the screen behind the panel. */
  onChanged: () => Promise<void>;
}

/**
 * One document slot (SPEC §2 "Document sidebar", §5 "File card or item"): the header shows
 * the type, its status colour and the status in words; inside are the picker, the file,
 * both remarks boxes and the actions the user's role allows at this moment.
 */
export function SlotItem({
  filesPath,
  slot,
  entry,
  parentStatus,
  actor,
  isReviewer,
  openPicker,
  onPickerOpened,
  onReplace,
  onChanged,
}: SlotItemProps) {
  const file = entry?.file;
  const [localFile, setLocalFile] = useState<File | null>(null);
  const [borrowerDraft, setBorrowerDraft] = useState('');
  const [approverDraft, setApproverDraft] = useState('');
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const openRef = useRef<() => void>(null);

  const mayUpload = canUpload(file, actor, parentStatus);
  const mayDiscard = file !== undefined && canDiscard(file, actor, parentStatus);
  const mayReview = isReviewer && file?.approvalStatus === 'PENDING_APPROVAL';

  useEffect(() => {
    if (openPicker && mayUpload) {
      openRef.current?.();
      onPickerOpened();
    }
  }, [openPicker, mayUpload, onPickerOpened]);

  function fail(error: unknown) {
    setProblem(documentErrorMessage(error));
    // A 409 means the set moved on without us: show what it is now.
    if (error instanceof ApiError && error.status === 409) void onChanged();
  }

  const upload = useMutation({
    mutationFn: () =>
      uploadDocument(filesPath, {
        fileType: slot.fileType,
        file: localFile,
        borrowerRemarks: borrowerDraft,
        onPhase: setPhase,
      }),
    onMutate: () => setProblem(null),
    onSettled: () => setPhase(null),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${slot.label} uploaded.` });
      await onChanged();
    },
    onError: fail,
  });

  const discard = useMutation({
    mutationFn: (_intent: 'discard' | 'replace') =>
      apiSend(
        'DELETE',
        `${filesPath}/${encodeURIComponent(file!.key)}`,
        undefined,
        NoContentSchema,
      ),
    onMutate: () => setProblem(null),
    onSuccess: async (_answer, intent) => {
      if (intent === 'replace') onReplace();
      else notifications.show({ message: `${slot.label} discarded.` });
      await onChanged();
    },
    onError: fail,
  });

  const review = useMutation({
    mutationFn: (approvalStatus: ReviewOutcome) =>
      apiSend(
        'PUT',
        `${filesPath}/${encodeURIComponent(file!.key)}`,
        { approvalStatus, approverRemarks: approverDraft.trim() },
        FileResponseSchema,
      ),
    onMutate: () => setProblem(null),
    onSuccess: async (_answer, approvalStatus) => {
      notifications.show({
        color: approvalStatus === 'APPROVED' ? 'green' : 'red',
        message: `${slot.label} ${approvalStatus === 'APPROVED' ? 'approved' : 'rejected'}.`,
      });
      await onChanged();
    },
    onError: fail,
  });

  const busy = upload.isPending || discard.isPending || review.isPending;
  const colour = slotColour(file);
  const statusText = file ? unitCheckerLabel(file.approvalStatus) : 'NO FILE';

  function choose(files: File[]) {
    setProblem(null);
    setLocalFile(files[0] ?? null);
  }

  function refuse(rejections: FileRejection[]) {
    const tooMany = rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
    setProblem(
      tooMany
        ? 'Choose one file for this document.'
        : documentErrorMessage(new ApiError(415, 'UNSUPPORTED_FILE_TYPE', '')),
    );
  }

  return (
    <Accordion.Item value={slot.fileType}>
      <Accordion.Control
        icon={<RadioMarker colour={colour} filled={file !== undefined} />}
        bg={`var(--mantine-color-${colour}-light)`}
        style={{ borderLeft: `4px solid var(--mantine-color-${colour}-filled)` }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text component="span" fw={600}>
            {slot.label}
          </Text>
          {/* DESIGN §7: the status in words too, never colour alone. */}
          <Badge component="span" color={colour} variant="filled" style={{ flexShrink: 0 }}>
            {statusText}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {file ? (
            <RemoteFile
              entry={entry!}
              canChange={mayDiscard}
              busy={busy}
              onChange={() => discard.mutate('replace')}
            />
          ) : mayUpload ? (
            <>
              <Dropzone
                onDrop={choose}
                onReject={refuse}
                accept={ACCEPTED_FILES}
                multiple={false}
                openRef={openRef}
                disabled={busy}
                inputProps={{ 'aria-label': `Choose a file for ${slot.label}` }}
                p="md"
              >
                <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
                  <IconUpload aria-hidden size={28} stroke={1.5} />
                  <div>
                    <Text>Drag a file here or click to choose one</Text>
                    <Text size="sm" c="dimmed">
                      PDF, PNG, JPEG, Excel, Word or CSV
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
                    disabled={busy}
                    onClick={() => openRef.current?.()}
                  >
                    Change
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    disabled={busy}
                    onClick={() => setLocalFile(null)}
                  >
                    Remove
                  </Button>
                </Group>
              )}
            </>
          ) : (
            <Text c="dimmed">No file uploaded.</Text>
          )}

          {/* SPEC §5: the borrower's remarks are fixed once a file is in the slot. */}
          <Textarea
            label="Borrower remarks"
            rows={2}
            maxLength={2000}
            value={file ? (file.borrowerRemarks ?? '') : borrowerDraft}
            onChange={(event) => setBorrowerDraft(event.currentTarget.value)}
            disabled={file !== undefined || !mayUpload || busy}
          />
          {/* SPEC §5: an approver's remarks are fixed once given; only reviewers write them. */}
          <Textarea
            label="Approver remarks"
            rows={2}
            maxLength={2000}
            value={file?.approverRemarks ?? approverDraft}
            onChange={(event) => setApproverDraft(event.currentTarget.value)}
            disabled={!mayReview || Boolean(file?.approverRemarks) || busy}
          />

          {phase && <UploadProgress phase={phase} />}
          {problem && (
            <Alert color="red" title="That did not work">
              {problem}
            </Alert>
          )}

          {(mayUpload || mayDiscard) && (
            <Group gap="sm">
              {mayUpload && (
                <Button
                  aria-label={`Upload ${slot.label}`}
                  // SPEC §5: remarks alone are a real entry; so is a file alone.
                  disabled={(borrowerDraft.trim() === '' && !localFile) || busy}
                  loading={upload.isPending}
                  onClick={() => upload.mutate()}
                >
                  Upload
                </Button>
              )}
              {mayDiscard && (
                <Button
                  aria-label={`Discard ${slot.label}`}
                  color="red"
                  variant="light"
                  disabled={busy}
                  loading={discard.isPending && discard.variables === 'discard'}
                  onClick={() => discard.mutate('discard')}
                >
                  Discard
                </Button>
              )}
            </Group>
          )}
          {mayReview && (
            <Group gap="sm">
              {(['APPROVED', 'REJECTED'] as const).map((outcome) => {
                const verb = outcome === 'APPROVED' ? 'Approve' : 'Reject';
                return (
                  <Button
                    key={outcome}
                    aria-label={`${verb} ${slot.label}`}
                    color={outcome === 'APPROVED' ? 'green' : 'red'}
                    // SPEC §5: no review without remarks.
                    disabled={approverDraft.trim() === '' || busy}
                    loading={review.isPending && review.variables === outcome}
                    onClick={() => review.mutate(outcome)}
                  >
                    {verb}
                  </Button>
                );
              })}
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** SPEC §2: each item has a radio marker; filled once the slot holds a file. Decoration only. */
function RadioMarker({ colour, filled }: { colour: string; filled: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      display="block"
      w={16}
      h={16}
      style={{
        borderRadius: '50%',
        border: `2px solid var(--mantine-color-${colour}-filled)`,
        background: filled ? `var(--mantine-color-${colour}-filled)` : 'transparent',
        boxShadow: filled ? 'inset 0 0 0 3px var(--mantine-color-body)' : undefined,
      }}
    />
  );
}

/** DESIGN §4: a remarks-only entry has no content and reads "No File Uploaded". */
function RemoteFile({
  entry,
  canChange,
  busy,
  onChange,
}: {
  entry: FileEntry;
  canChange: boolean;
  busy: boolean;
  onChange: () => void;
}) {
  const { fileName } = entry.file;
  const url = entry.meta.presignedUrl;
  return (
    <Group gap="xs">
      <IconFile aria-hidden size={18} />
      <Text style={{ wordBreak: 'break-all' }}>{fileName ?? 'No File Uploaded'}</Text>
      {fileName && url && (
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          size="compact-sm"
          variant="default"
          aria-label={`View ${fileName} (opens in a new tab)`}
        >
          View
        </Button>
      )}
      {canChange && (
        <Button size="compact-sm" variant="default" disabled={busy} onClick={onChange}>
          Change
        </Button>
      )}
    </Group>
  );
}

function UploadProgress({ phase }: { phase: UploadPhase }) {
  const percent = phase.step === 'sending' ? Math.round(phase.fraction * 100) : 100;
  const words =
    phase.step === 'hashing'
      ? 'Preparing the file…'
      : phase.step === 'sending'
        ? `Uploading… ${percent}%`
        : 'Checking the file…';
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
          aria-label="Upload progress"
        />
      </Progress.Root>
    </Stack>
  );
}
