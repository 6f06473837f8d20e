import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  FrequencyBulkSubmitResponseSchema,
  isLocked,
  REQUIRED_FILE_COUNT,
  UnitBulkSubmitResponseSchema,
  type ApprovalStatus,
} from '@portal/domain';
import { FREQUENCIES_SUBMIT_PATH, UNITS_SUBMIT_PATH } from '@portal/domain/api-paths';
import { apiSend, isServiceUnavailable } from '../../api/client';
import { addMessages, i18n, useLingui } from '../../i18n';
import { ErrorPopup, updateFailedMessage } from '../error-popup';
import { messages } from '../../i18n/messages/checkerList';

addMessages(messages);

/** docs/product.md#statuses, #limits: after a submit to the checker the list comes back after 2000 ms. */
export const SUBMIT_SETTLE_MS = 2000;

/** A row a borrower may tick: the API says whether it is ready (docs/product.md#api, the domain rule). */
export interface SubmittableRow {
  key: string;
  canSubmit: boolean;
  approvalStatus: ApprovalStatus;
}

type SetKind = 'unit' | 'frequency';

const WORDING = {
  unit: {
    readyHint: 'checkerList.readyHintUnit',
    awaiting: 'checkerList.awaitingUnits',
    landed: 'checkerList.landedUnits',
  },
  frequency: {
    readyHint: 'checkerList.readyHintFrequency',
    awaiting: 'checkerList.awaitingFrequencies',
    landed: 'checkerList.landedFrequencies',
  },
} as const satisfies Record<SetKind, { readyHint: string; awaiting: string; landed: string }>;

/** The history state of the list a submit landed on: how many of which kind were submitted. */
interface LandedState {
  submitted?: { kind: SetKind; count: number };
}

/** docs/product.md#api bulk submit: all or nothing, in one transaction. */
function submitSets(kind: SetKind, keys: string[]): Promise<unknown> {
  return kind === 'unit'
    ? apiSend('POST', UNITS_SUBMIT_PATH, { keys }, UnitBulkSubmitResponseSchema)
    : apiSend('POST', FREQUENCIES_SUBMIT_PATH, { keys }, FrequencyBulkSubmitResponseSchema);
}

export interface RowSelection<Row extends SubmittableRow> {
  isSelectable: (row: Row) => boolean;
  isSelected: (key: string) => boolean;
  toggle: (key: string, selected: boolean) => void;
  disabled: boolean;
}

interface SubmitToCheckerOptions<Row extends SubmittableRow> {
  kind: SetKind;
  /** The rows on screen; undefined while they load. */
  rows: readonly Row[] | undefined;
  /** docs/product.md#roles: the bulk submit is built only for borrowers. */
  enabled: boolean;
  /** How a row is named in the success notice. */
  nameOf: (row: Row) => string;
  /** Reloads the list behind (after the settle, and after a refusal). */
  refresh: () => void;
  /**
   * The screen whose list shows the submitted rows (docs/product.md#statuses: the frequency
   * screen's submit goes to Collateral Status); by default this screen's own list.
   */
  landOn?: string;
  /** After a successful submit, once the notice is shown. */
  onSubmitted?: () => void;
}

/**
 * The one checker-list block of the borrower's lists (unit listing, frequency list, collateral
 * status): the row selection — only rows whose `canSubmit` the API set — docs/product.md#screens's confirm
 * checkbox 'Please confirm the selection.' and 'Submit to checker', enabled once both are given
 * (docs/product.md#validation), and one popup for a refusal, with docs/product.md#errors's words for a 503. After a submit the
 * list settles for SPEC's 2000 ms and then comes back filtered to Pending for approval, where
 * the submitted rows are (or `landOn`'s list does), saying how many were submitted.
 */
export function useSubmitToChecker<Row extends SubmittableRow>({
  kind,
  rows,
  enabled,
  nameOf,
  refresh,
  landOn,
  onSubmitted,
}: SubmitToCheckerOptions<Row>) {
  const { _ } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmed, setConfirmed] = useState(false);
  const [settling, setSettling] = useState(false);

  /** How many rows the last submit sent, until the list has landed on them. */
  const [toLand, setToLand] = useState(0);

  /**
   * The submitted rows wait for the checker: the list shows that status, from its first page,
   * keeping this screen's sort and search (another screen starts from its defaults), and says
   * how many were submitted.
   */
  function land(count: number) {
    const search = new URLSearchParams(landOn ? '' : location.search);
    search.set('status', 'PENDING_APPROVAL');
    search.delete('page');
    const state: LandedState = { submitted: { kind, count } };
    void navigate({ pathname: landOn ?? location.pathname, search: `?${search}` }, { state });
  }

  const settle = useEffectEvent(() => {
    // The list it lands on is read afresh as it mounts; staying, the list is read again.
    if (toLand > 0) land(toLand);
    else refresh();
    setToLand(0);
    setSettling(false);
  });
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(settle, SUBMIT_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling]);

  const ready = enabled ? (rows ?? []).filter((row) => row.canSubmit) : [];
  const chosen = ready.filter((row) => selected.has(row.key));

  const submit = useMutation({
    mutationFn: (chosenRows: Row[]) =>
      submitSets(
        kind,
        chosenRows.map((row) => row.key),
      ),
    onSuccess: (_answer, chosenRows) => {
      notifications.show({
        color: 'green',
        title: i18n._('checkerList.submitted'),
        message: submittedMessage(kind, chosenRows, nameOf),
      });
      setSelected(new Set());
      setConfirmed(false);
      setSettling(true);
      // Another screen is gone to at once (docs/product.md#statuses); this one's list moves
      // when it comes back, after the settle.
      if (landOn) land(chosenRows.length);
      else setToLand(chosenRows.length);
      onSubmitted?.();
    },
  });
  const landed = (location.state as LandedState | null)?.submitted;

  const busy = settling || submit.isPending;
  const selection: RowSelection<Row> | null = enabled
    ? {
        isSelectable: (row) => row.canSubmit,
        isSelected: (key) => selected.has(key),
        toggle: (key, on) =>
          setSelected((current) => {
            const next = new Set(current);
            if (on) next.add(key);
            else next.delete(key);
            return next;
          }),
        disabled: busy,
      }
    : null;

  let bar: ReactNode = null;
  if (enabled && ready.length > 0) {
    bar = (
      <SubmitToCheckerBar
        selectedCount={chosen.length}
        confirmed={confirmed}
        onConfirmedChange={setConfirmed}
        onSubmit={() => submit.mutate(chosen)}
        isSubmitting={submit.isPending}
        disabled={settling}
      />
    );
  } else if (enabled && rows?.some((row) => !isLocked(row.approvalStatus))) {
    bar = (
      <Text size="sm" c="dimmed">
        {_(WORDING[kind].readyHint, { count: REQUIRED_FILE_COUNT[kind] })}
      </Text>
    );
  }

  return {
    selection,
    /** The list is settling after a submit or a submit is under way: its inputs wait. */
    busy,
    settling,
    /** On the list a submit landed on: how many were submitted, and that they are listed here. */
    landedNotice: landed ? (
      <Alert
        color="green"
        role="status"
        withCloseButton
        closeButtonLabel={_('checkerList.dismiss')}
        onClose={() => void navigate(location, { replace: true, state: null })}
      >
        {_(WORDING[landed.kind].landed, { count: landed.count })}
      </Alert>
    ) : null,
    block: (
      <>
        {bar}
        {/* docs/product.md#errors: one popup; closing it clears the failure and reloads the list. */}
        <ErrorPopup
          opened={submit.isError}
          onClose={() => {
            submit.reset();
            refresh();
          }}
          message={
            submit.error && isServiceUnavailable(submit.error)
              ? updateFailedMessage()
              : submit.error?.message
          }
        />
      </>
    ),
  };
}

function submittedMessage<Row extends SubmittableRow>(
  kind: SetKind,
  rows: Row[],
  nameOf: (row: Row) => string,
): string {
  const [only] = rows;
  if (rows.length === 1 && only) {
    return i18n._(
      only.approvalStatus === 'REJECTED'
        ? 'checkerList.awaitingOneAgain'
        : 'checkerList.awaitingOne',
      { name: nameOf(only) },
    );
  }
  return i18n._(WORDING[kind].awaiting, { count: rows.length });
}

interface SubmitToCheckerBarProps {
  selectedCount: number;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  onSubmit: () => void;
  isSubmitting: boolean;
  disabled: boolean;
}

/** docs/product.md#screens, #validation: the bottom bar; it stays in view at the bottom while the list scrolls. */
function SubmitToCheckerBar({
  selectedCount,
  confirmed,
  onConfirmedChange,
  onSubmit,
  isSubmitting,
  disabled,
}: SubmitToCheckerBarProps) {
  const { _ } = useLingui();
  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 2 }}
      role="region"
      aria-label={_('checkerList.submitRegion')}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="md">
          <Checkbox
            label={_('checkerList.confirm')}
            checked={confirmed}
            disabled={disabled || isSubmitting}
            onChange={(event) => onConfirmedChange(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {_('checkerList.selectedCount', { count: selectedCount })}
          </Text>
        </Group>
        <Button
          onClick={onSubmit}
          loading={isSubmitting}
          disabled={disabled || !confirmed || selectedCount === 0}
        >
          {_('checkerList.submit')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The tick box of one row, on the rows the API marks ready; other rows get none. */
export function SelectForSubmit<Row extends SubmittableRow>({
  selection,
  row,
  label,
}: {
  selection: RowSelection<Row> | null;
  row: Row;
  /** The accessible name: "Select Flat A-101 to submit". */
  label: string;
}) {
  if (!selection?.isSelectable(row)) return null;
  return (
    <Checkbox
      aria-label={label}
      checked={selection.isSelected(row.key)}
      disabled={selection.disabled}
      onChange={(event) => selection.toggle(row.key, event.currentTarget.checked)}
    />
  );
}
