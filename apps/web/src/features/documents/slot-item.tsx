import { useCallback, useState, type Ref } from 'react';
import { Accordion, Alert, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import {
  canDiscard,
  canMarkForApproval,
  canReplace,
  canReview,
  canUpload,
  slotColour,
  unitCheckerLabel,
  type Actor,
  type ApprovalStatus,
  type FileEntry,
} from '@portal/domain';
import { FraudFlagBadge } from '../../components/checker-list/fraud-flag-badge';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import type { DocumentWrites } from './document-queries';
import type { DocumentSetRef, DocumentSlot } from './document-set-ref';
import { messages } from '../../i18n/messages/documentPanel';
import { SlotDiscard } from './slot-discard';
import { SlotFile } from './slot-file';
import { SlotFraudFlags } from './slot-fraud-flags';
import { SlotMarkForApproval } from './slot-mark-for-approval';
import { ApproverRemarks, BorrowerRemarks, PreviousReviewRemarks } from './slot-remarks';
import { SlotQuarantineNotice, isQuarantined } from './slot-quarantine-notice';
import { SlotReview } from './slot-review';
import { ChangeFileButton, SlotUpload, slotMutationKey } from './slot-upload';
import { documentErrorMessage, isConflict } from './upload';

addMessages(messages);

interface SlotItemProps {
  setRef: DocumentSetRef;
  slot: DocumentSlot;
  /** The slot's live file, if any. */
  entry: FileEntry | undefined;
  parentStatus: ApprovalStatus;
  actor: Actor;
  /** Where the slot's writes put their answers. */
  writes: DocumentWrites;
  /** The item's element: the panel scrolls a linked slot into view. */
  ref?: Ref<HTMLDivElement> | undefined;
}

/**
 * One document slot (docs/product.md#screens "Document sidebar" and "File card or item"): the header shows the
 * type, its status colour and the status in words; inside are the file with its preview, the
 * remarks as text, and the parts for what the user's role allows now (the domain rules decide):
 * upload (or replace), review, mark for approval, discard.
 */
export function SlotItem({ setRef, slot, entry, parentStatus, actor, writes, ref }: SlotItemProps) {
  const file = entry?.file;
  const { filesPath } = setRef;
  const { _ } = useLingui();
  // Change picked this file: the replacement is prepared while the live file stays.
  const [replacement, setReplacement] = useState<File | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const busy = useIsMutating({ mutationKey: slotMutationKey(filesPath, slot.fileType) }) > 0;

  const clearProblem = useCallback(() => setProblem(null), []);
  const showProblem = useCallback(
    (error: unknown) => {
      setProblem(error);
      // The set moved on without us: show what it is now.
      if (isConflict(error)) void writes.reload();
    },
    [writes],
  );
  const parts = { slot, busy, onStarted: clearProblem, onFailed: showProblem, writes };

  const mayUpload = canUpload(file, actor, parentStatus);
  const mayReplace = file !== undefined && canReplace(file, actor, parentStatus);
  const mayMark = file !== undefined && canMarkForApproval(file, actor, parentStatus);
  const mayDiscard = file !== undefined && canDiscard(file, actor, parentStatus);
  const mayReview = file !== undefined && canReview(file, actor, parentStatus);
  const colour = slotColour(file);

  return (
    <Accordion.Item value={slot.fileType} ref={ref}>
      <Accordion.Control
        icon={<RadioMarker colour={colour} filled={file !== undefined} />}
        bg={`var(--mantine-color-${colour}-light)`}
        style={{ borderLeft: `4px solid var(--mantine-color-${colour}-filled)` }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text component="span" fw={600}>
            {slot.label}
          </Text>
          {/* A checker sees a flagged file before opening its slot. */}
          <FraudFlagBadge count={file?.fraudFlags?.length ?? 0} />
          {/* In the slot, not yet sent to the checker: the borrower's part is done. */}
          {file?.approvalStatus === 'NOT_RAISED' && (
            <Group component="span" gap={4} wrap="nowrap" ml="auto">
              <IconCircleCheck aria-hidden size={16} />
              <Text component="span" size="sm">
                {_('documentPanel.slot.uploaded')}
              </Text>
            </Group>
          )}
          {/* docs/product.md#look-and-feel: the status in words too, never colour alone. */}
          <Badge component="span" color={colour} variant="filled" style={{ flexShrink: 0 }}>
            {file
              ? unitCheckerLabel(file.approvalStatus, false, currentLanguage())
              : _('documentPanel.slot.noFile')}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {entry && file ? (
            <>
              <SlotFile
                entry={entry}
                actions={
                  mayReplace &&
                  !replacement && (
                    <ChangeFileButton slot={slot} disabled={busy} onPick={setReplacement} />
                  )
                }
              />
              {replacement && (
                <SlotUpload
                  {...parts}
                  filesPath={filesPath}
                  replacing={file}
                  initialFile={replacement}
                  onCancel={() => setReplacement(null)}
                />
              )}
              <BorrowerRemarks file={file} />
              <SlotFraudFlags file={file} />
              {file.previousReview && <PreviousReviewRemarks review={file.previousReview} />}
              {/* A pending file's reviewer writes the remarks in the review part instead. */}
              {(file.approverRemarks !== null || !mayReview) && <ApproverRemarks file={file} />}
              {mayReview && (
                <SlotReview {...parts} setRef={setRef} filesPath={filesPath} file={file} />
              )}
            </>
          ) : mayUpload ? (
            <SlotUpload {...parts} filesPath={filesPath} />
          ) : (
            <Text c="dimmed">{_('documentPanel.slot.noFileUploaded')}</Text>
          )}

          <SlotQuarantineNotice problem={problem} />
          {problem !== null && !isQuarantined(problem) && (
            <Alert color="red" title={_('documentPanel.slot.failed')}>
              {documentErrorMessage(problem)}
            </Alert>
          )}

          {file && (mayMark || mayDiscard) && !replacement && (
            <Stack gap="sm" align="flex-start">
              {mayMark && <SlotMarkForApproval {...parts} setRef={setRef} file={file} />}
              {mayDiscard && <SlotDiscard {...parts} filesPath={filesPath} file={file} />}
            </Stack>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** docs/product.md#screens: each item has a radio marker; filled once the slot holds a file. Decoration only. */
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
