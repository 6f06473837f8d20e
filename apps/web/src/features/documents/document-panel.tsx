import { useCallback, useState } from 'react';
import { Accordion, Alert, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  canFinalise,
  finalOutcome,
  isReadyToSubmit,
  STATUS_COLOURS,
  type Actor,
  type DocumentSetState,
  type DocumentFile,
  type FileEntry,
  type Role,
} from '@portal/domain';
import { ApiError, apiSend } from '../../api/client';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { StatusBadge } from '../../components/status-badge';
import { DocumentHistory } from './document-history';
import type { DocumentSetRef } from './document-set-ref';
import {
  documentFilesQuery,
  documentKeys,
  documentParentQuery,
  parentAnswerSchema,
  type DocumentSetParent,
} from './document-queries';
import { SlotItem } from './slot-item';
import { documentErrorMessage } from './upload';

/** Mantine's `sm` breakpoint: below it the panel takes the whole screen (DESIGN §6). */
const PHONE_QUERY = '(max-width: 48em)';

export const BORROWER_PROMPT =
  'Please upload the required documents below before raising for approval.';
export const STAFF_PROMPT = 'Please review the documents and remark before approving or rejecting.';

/** SPEC §6 / DESIGN §5: approvers and admins review; viewers only read. */
const isReviewerRole = (role: Role) => role === 'approver' || role === 'admin';

interface DocumentPanelProps {
  setRef: DocumentSetRef | null;
  opened: boolean;
  onClose(): void;
  /** Called after any change, so the screen behind can refresh its list. */
  onChanged?(): void;
}

/**
 * SPEC §2 'Document uploads': the one side panel of a document set, a unit or a monitoring
 * frequency alike (DESIGN §1). Keep the last `setRef` while closing so the content stays
 * during the closing animation.
 */
export function DocumentPanel({ setRef, opened, onClose, onChanged }: DocumentPanelProps) {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened={opened && setRef !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'lg'}
      title={
        <>
          <Text component="span" display="block" fw={700} size="lg">
            Document uploads
          </Text>
          {setRef && (
            <Text component="span" display="block" size="sm" c="dimmed">
              {setRef.title}
            </Text>
          )}
        </>
      }
    >
      {setRef && (
        // Another set starts afresh: no choice or open section carries over.
        <DocumentSetView
          key={setRef.basePath}
          setRef={setRef}
          onClose={onClose}
          onChanged={onChanged}
        />
      )}
    </Drawer>
  );
}

function DocumentSetView({
  setRef,
  onClose,
  onChanged,
}: {
  setRef: DocumentSetRef;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const parent = useQuery(documentParentQuery(setRef));
  const files = useQuery(documentFilesQuery(setRef));
  // Change on a slot discards its file; the slot's picker opens once it is empty again.
  const [pickFor, setPickFor] = useState<string | null>(null);
  const clearPickFor = useCallback(() => setPickFor(null), []);
  const [historyOpen, setHistoryOpen] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    await Promise.all(
      [documentKeys.parent(setRef), documentKeys.files(setRef), documentKeys.history(setRef)].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
    onChanged?.();
  }, [queryClient, setRef, onChanged]);

  const isBorrower = user.role === 'client';
  // A borrower only ever reaches their own sets (DESIGN §4: another's is 404).
  const actor: Actor = { role: user.role, isOwner: isBorrower };

  let body;
  if (parent.isPending || files.isPending) {
    body = <PageLoader label="Loading the documents…" />;
  } else if (parent.isError || files.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title="The documents could not be loaded"
        description={(parent.error ?? files.error)?.message}
        action={
          <Button onClick={() => void Promise.all([parent.refetch(), files.refetch()])}>
            Try again
          </Button>
        }
      />
    );
  } else {
    const entries = files.data;
    const state: DocumentSetState<DocumentFile> = {
      status: parent.data.approvalStatus,
      slots: setRef.slots.map((slot) => slot.fileType),
      files: entries.map((entry) => entry.file),
    };
    const entryOf = (fileType: string): FileEntry | undefined =>
      entries.find((entry) => entry.file.fileType === fileType);
    body = (
      <>
        <Group gap="xs">
          <Text>Status:</Text>
          <StatusBadge status={parent.data.approvalStatus} />
        </Group>
        {isBorrower && isReadyToSubmit(setRef.kind, state) && (
          <Alert color="green" title="Ready for the checker">
            Every document is in. Close this panel, tick this {setRef.kind} in the list and submit
            it to the checker.
          </Alert>
        )}
        <Accordion multiple defaultValue={setRef.slots[0] ? [setRef.slots[0].fileType] : []}>
          {setRef.slots.map((slot) => {
            const entry = entryOf(slot.fileType);
            return (
              <SlotItem
                // A new or discarded file starts the item afresh (no stale choice or remarks).
                key={`${slot.fileType}:${entry?.file.key ?? 'empty'}`}
                filesPath={setRef.filesPath}
                slot={slot}
                entry={entry}
                parentStatus={parent.data.approvalStatus}
                actor={actor}
                isReviewer={isReviewerRole(user.role)}
                openPicker={pickFor === slot.fileType}
                onPickerOpened={clearPickFor}
                onReplace={() => setPickFor(slot.fileType)}
                onChanged={refresh}
              />
            );
          })}
        </Accordion>
        {canFinalise(state, actor) && (
          <FinaliseBar
            setRef={setRef}
            parent={parent.data}
            state={state}
            onDone={async () => {
              await refresh();
              onClose();
            }}
            onConflict={refresh}
          />
        )}
        <Accordion variant="contained" value={historyOpen} onChange={setHistoryOpen}>
          <Accordion.Item value="history">
            <Accordion.Control>History</Accordion.Control>
            <Accordion.Panel>
              {historyOpen === 'history' && <DocumentHistory setRef={setRef} />}
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </>
    );
  }

  return (
    <Stack gap="md">
      <Text>{isBorrower ? BORROWER_PROMPT : STAFF_PROMPT}</Text>
      {body}
    </Stack>
  );
}

/**
 * SPEC §2 / §4: once every document is reviewed, the approver's Submit finalises the set. The
 * outcome is computed, as the server computes it: APPROVED unless a document was REJECTED.
 */
function FinaliseBar({
  setRef,
  parent,
  state,
  onDone,
  onConflict,
}: {
  setRef: DocumentSetRef;
  parent: DocumentSetParent;
  state: DocumentSetState<DocumentFile>;
  onDone: () => Promise<void>;
  onConflict: () => Promise<void>;
}) {
  const slotFiles = state.files.filter((file) => state.slots.includes(file.fileType));
  const outcome = finalOutcome(slotFiles);
  const finalise = useMutation({
    mutationFn: () =>
      apiSend(
        'PUT',
        setRef.basePath,
        { approvalStatus: outcome, version: parent.version },
        parentAnswerSchema(setRef.kind),
      ),
    onSuccess: async () => {
      notifications.show({
        color: STATUS_COLOURS[outcome],
        message: `${setRef.title} is ${outcome}.`,
      });
      await onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void onConflict();
    },
  });

  return (
    <Paper withBorder p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Text>
          Every document is reviewed. Submitting makes this {setRef.kind}{' '}
          <Text component="strong" fw={700} c={`${STATUS_COLOURS[outcome]}.9`}>
            {outcome}
          </Text>
          {outcome === 'REJECTED' ? ', because a document was rejected.' : '.'}
        </Text>
        {finalise.isError && (
          <Alert color="red" title="Not submitted">
            {documentErrorMessage(finalise.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={finalise.isPending} onClick={() => finalise.mutate()}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
