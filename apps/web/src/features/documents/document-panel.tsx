import { useEffect, useRef, useState } from 'react';
import { Accordion, Alert, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react';
import {
  canFinalise,
  canUpload,
  isReadyToSubmit,
  STATUS_COLOURS,
  unitCheckerLabel,
  type Actor,
  type ApprovalStatus,
  type DocumentSetState,
  type DocumentFile,
  type FileEntry,
} from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { PackLatenessBadge } from '../../components/checker-list/pack-lateness-badge';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { StatusBadge } from '../../components/status-badge';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { formatDateTime } from './attribution';
import { DocumentHistory } from './document-history';
import type { DocumentSetRef } from './document-set-ref';
import {
  documentFilesQuery,
  documentParentQuery,
  useDocumentWrites,
  type DocumentSetParent,
  type DocumentWrites,
} from './document-queries';
import { FinaliseSet } from './finalise-set';
import { ManyUpload } from './many-upload';
import { messages } from '../../i18n/messages/documentPanel';
import { NocLetterActions } from './noc-letter-panel';
import { openingSlot } from './opening-slot';
import { PanelStatus } from './panel-status';
import { SlotItem } from './slot-item';
import { SubmitSet } from './submit-set';

addMessages(messages);

/** Mantine's `sm` breakpoint: below it the panel takes the whole screen (docs/product.md#quality). */
const PHONE_QUERY = '(max-width: 48em)';

/** docs/product.md#screens's prompts in English (the catalog's `documentPanel.borrowerPrompt` / `staffPrompt`). */
export const BORROWER_PROMPT =
  'Please upload the required documents below before raising for approval.';
export const STAFF_PROMPT = 'Please review the documents and remark before approving or rejecting.';

/**
 * What the panel asks of a borrower: the product's prompt while there is something to upload, and
 * otherwise what the set is waiting for, so an approved set does not ask for documents.
 */
const BORROWER_PROMPTS: Record<ApprovalStatus, string> = {
  NOT_RAISED: 'documentPanel.borrowerPrompt',
  REJECTED: 'documentPanel.borrowerPrompt',
  PENDING_APPROVAL: 'documentPanel.borrowerPromptPending',
  APPROVED: 'documentPanel.borrowerPromptApproved',
};

/** The list's next item needing the user, offered after a submit or finalise. */
export interface NextItem {
  label: string;
  open(): void;
}

export interface DocumentPanelProps {
  setRef: DocumentSetRef | null;
  /** The slot (file type) to open and scroll to, as a link named it; else the panel chooses. */
  slot?: string | undefined;
  opened: boolean;
  onClose(): void;
  /** Called after any change, so the screen behind can refresh its list (its rows move with it). */
  onChanged?(): void;
  /** The list's next item needing the user, offered after a submit or finalise ("Next: …"). */
  next?: NextItem;
}

/**
 * docs/product.md#screens 'Document uploads': the one side panel of a document set, a unit or a monitoring
 * frequency alike (docs/product.md#what-it-does). Keep the last `setRef` while closing so the content stays
 * during the closing animation.
 */
export function DocumentPanel({
  setRef,
  slot,
  opened,
  onClose,
  onChanged,
  next,
}: DocumentPanelProps) {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { _ } = useLingui();
  return (
    <Drawer
      opened={opened && setRef !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'lg'}
      title={
        <>
          <Text component="span" display="block" fw={700} size="lg">
            {_('documentPanel.title')}
          </Text>
          {setRef && (
            <Text component="span" display="block" size="sm" c="dimmed">
              {setRef.title}
            </Text>
          )}
          {setRef?.pack && <PackLatenessBadge pack={setRef.pack} />}
        </>
      }
    >
      {setRef && (
        // Another set starts afresh: no choice or open section carries over.
        <DocumentSetView
          key={setRef.basePath}
          setRef={setRef}
          slot={slot}
          onClose={onClose}
          onChanged={onChanged}
          next={next}
        />
      )}
    </Drawer>
  );
}

interface SetViewProps {
  setRef: DocumentSetRef;
  slot?: string | undefined;
  onClose: () => void;
  onChanged?: () => void;
  next?: NextItem;
}

function DocumentSetView({ setRef, slot, onClose, onChanged, next }: SetViewProps) {
  const user = useCurrentUser();
  const { _ } = useLingui();
  const parent = useQuery(documentParentQuery(setRef));
  const files = useQuery(documentFilesQuery(setRef));
  const writes = useDocumentWrites(setRef, onChanged);

  const isBorrower = user.role === 'client';
  let body;
  if (parent.isPending || files.isPending) {
    body = <PageLoader label={_('documentPanel.loading')} />;
  } else if (parent.isError || files.isError) {
    body = (
      <EmptyState
        icon={<IconAlertTriangle aria-hidden />}
        title={_('documentPanel.loadFailed')}
        description={(parent.error ?? files.error)?.message}
        action={
          <Button onClick={() => void Promise.all([parent.refetch(), files.refetch()])}>
            {_('documentPanel.tryAgain')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <LoadedSet
        setRef={setRef}
        linkedSlot={slot}
        parent={parent.data}
        entries={files.data}
        // A borrower only ever reaches their own sets (docs/product.md#api: another's is 404).
        actor={{ role: user.role, isOwner: isBorrower }}
        writes={writes}
        onClose={onClose}
        next={next}
      />
    );
  }

  return (
    <PanelStatus>
      {(statusLine) => (
        <Stack gap="md">
          <Text>
            {isBorrower
              ? _(BORROWER_PROMPTS[parent.data?.approvalStatus ?? 'NOT_RAISED'])
              : _('documentPanel.staffPrompt')}
          </Text>
          {statusLine}
          {body}
        </Stack>
      )}
    </PanelStatus>
  );
}

/** What the panel says after the user's submit or final Submit, with the next item offered. */
type Result = { submitted: true } | { finalised: ApprovalStatus };

function LoadedSet({
  setRef,
  linkedSlot,
  parent,
  entries,
  actor,
  writes,
  onClose,
  next,
}: {
  setRef: DocumentSetRef;
  linkedSlot: string | undefined;
  parent: DocumentSetParent;
  entries: FileEntry[];
  actor: Actor;
  writes: DocumentWrites;
  onClose: () => void;
  next?: NextItem;
}) {
  const state: DocumentSetState<DocumentFile> = {
    status: parent.approvalStatus,
    slots: setRef.slots.map((slot) => slot.fileType),
    files: entries.map((entry) => entry.file),
  };
  const slotFiles = state.files.filter((file) => state.slots.includes(file.fileType));
  // Opened on the slot the link named, else the first one needing the user (read once: then it
  // is the user's choice).
  const linked = linkedSlot && state.slots.includes(linkedSlot) ? linkedSlot : undefined;
  const firstOpen = linked ?? openingSlot(state.slots, state.files, actor.role);
  const [openSlots, setOpenSlots] = useState<string[]>(firstOpen ? [firstOpen] : []);
  const linkedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A linked slot further down is brought into view once, as the panel opens.
    linkedRef.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  // Empty slots the borrower may fill now, several at once.
  const freeSlots = setRef.slots.filter(
    (slot) =>
      !entries.some((entry) => entry.file.fileType === slot.fileType) &&
      canUpload(undefined, actor, parent.approvalStatus),
  );
  const [result, setResult] = useState<Result | null>(null);
  const [historyOpen, setHistoryOpen] = useState<string | null>(null);
  const isBorrower = actor.role === 'client';
  const { _ } = useLingui();

  return (
    <>
      <Group gap="xs">
        <Text>{_('documentPanel.status')}</Text>
        <StatusBadge status={parent.approvalStatus} />
        {parent.submittedAt && (
          <Text size="sm" c="dimmed">
            <Trans
              id="documentPanel.lastSubmitted"
              values={{ when: formatDateTime(parent.submittedAt) }}
              components={{ 0: <time dateTime={parent.submittedAt} /> }}
            />
          </Text>
        )}
      </Group>
      {setRef.nocLetterPath && (
        <NocLetterActions
          nocLetterPath={setRef.nocLetterPath}
          status={parent.approvalStatus}
          role={actor.role}
        />
      )}
      {freeSlots.length > 0 && (
        <ManyUpload
          filesPath={setRef.filesPath}
          freeSlots={freeSlots}
          writes={writes}
          // A slot filled this way closes: what is left to do stays in view.
          onUploaded={(fileType) => setOpenSlots((open) => open.filter((v) => v !== fileType))}
        />
      )}
      <Accordion multiple value={openSlots} onChange={setOpenSlots}>
        {setRef.slots.map((slot) => {
          const entry = entries.find((candidate) => candidate.file.fileType === slot.fileType);
          return (
            <SlotItem
              // A new, replaced or discarded file starts the item afresh (no stale choice or remarks).
              key={`${slot.fileType}:${entry?.file.key ?? 'empty'}`}
              ref={slot.fileType === linked ? linkedRef : undefined}
              setRef={setRef}
              slot={slot}
              entry={entry}
              parentStatus={parent.approvalStatus}
              actor={actor}
              writes={writes}
            />
          );
        })}
      </Accordion>
      {result ? (
        <ResultNote setRef={setRef} result={result} next={next} />
      ) : isBorrower && isReadyToSubmit(setRef.kind, state) ? (
        <SubmitSet
          setRef={setRef}
          parent={parent}
          onSubmitted={async (submitted) => {
            setResult({ submitted: true });
            // Its files went to the checker with it: they are read again.
            await writes.parentChanged(submitted, { filesMoved: true });
          }}
          onConflict={writes.reload}
        />
      ) : (
        canFinalise(state, actor) && (
          <FinaliseSet
            setRef={setRef}
            parent={parent}
            slotFiles={slotFiles}
            onFinalised={async (outcome, finalised) => {
              await writes.parentChanged(finalised);
              // docs/product.md#statuses: the panel closes after the final submit, unless there is a next item
              // to offer, which the checker then opens from here.
              if (next) setResult({ finalised: outcome });
              else onClose();
            }}
            onConflict={writes.reload}
            onRecorded={(recorded) => writes.parentChanged(recorded)}
          />
        )
      )}
      <Accordion variant="contained" value={historyOpen} onChange={setHistoryOpen}>
        <Accordion.Item value="history">
          <Accordion.Control>{_('documentPanel.history')}</Accordion.Control>
          <Accordion.Panel>
            {historyOpen === 'history' && <DocumentHistory setRef={setRef} />}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </>
  );
}

/** After a submit: the panel stays, says what happened and offers the next item. */
function ResultNote({
  setRef,
  result,
  next,
}: {
  setRef: DocumentSetRef;
  result: Result;
  next?: NextItem;
}) {
  const note = useRef<HTMLDivElement>(null);
  const { _ } = useLingui();
  // The button the user pressed is gone: the note takes the focus, so the next step is near.
  useEffect(() => note.current?.focus(), []);
  const status = 'submitted' in result ? 'PENDING_APPROVAL' : result.finalised;
  return (
    <Alert
      ref={note}
      tabIndex={-1}
      color={STATUS_COLOURS[status]}
      title={
        'submitted' in result
          ? _('documentPanel.result.submitted')
          : _('documentPanel.result.reviewed')
      }
    >
      <Stack gap="sm" align="flex-start">
        <Text>
          {_('documentPanel.result.nowStatus', {
            title: setRef.title,
            status: unitCheckerLabel(status, false, currentLanguage()),
          })}
        </Text>
        {next && (
          <Button onClick={next.open}>
            {_('documentPanel.result.next', { label: next.label })}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
