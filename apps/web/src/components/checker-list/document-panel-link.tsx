import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SLOT_LINK_PARAM, type ApprovalStatus } from '@portal/domain';
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../auth/require-session';
import type { NextItem } from '../../features/documents/document-panel';
import { documentSetRefKey, type DocumentSetRef } from '../../features/documents/document-set-ref';
import { LazyDocumentPanel } from '../../features/documents/lazy-document-panel';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/checkerList';
import { needsAttention } from './needs-attention';

addMessages(messages);

/** The keys naming a unit or frequency, by query parameter: {project, unit} or {collateral, frequency}. */
export type LinkKeys = Record<string, string>;

interface PanelLinkOptions<Row> {
  kind: DocumentSetRef['kind'];
  /** The query parameters that name the open item on this screen. */
  params: readonly string[];
  /** Keys the screen's own path fixes (the project or collateral it is about). */
  fixed?: LinkKeys;
  /** The rows on screen; undefined while they load. */
  rows: readonly Row[] | undefined;
  keysOf: (row: Row) => LinkKeys;
  statusOf: (row: Row) => ApprovalStatus;
  /** How the panel's "Next" names a row. */
  nameOf: (row: Row) => string;
  toRef: (row: Row) => DocumentSetRef;
  /** Reads an item that is not on this page: a link from an e-mail, the home to-do or the files screen. */
  fetchRef: (keys: LinkKeys, signal: AbortSignal) => Promise<DocumentSetRef>;
  /** After any change in the panel, so the list behind shows it. */
  onChanged: () => void;
}

interface LinkState {
  /** Set when this screen opened the panel, so closing it is a step back in the history. */
  panelOpenedHere?: boolean;
}

/** The item the address names, with the screen's fixed keys; null when it names none. */
function linkTarget(
  searchParams: URLSearchParams,
  params: readonly string[],
  fixed: LinkKeys,
): LinkKeys | null {
  const target: LinkKeys = { ...fixed };
  for (const name of params) {
    const value = searchParams.get(name);
    if (!value) return null;
    target[name] = value;
  }
  return target;
}

const matches = (keys: LinkKeys, target: LinkKeys) =>
  Object.entries(target).every(([name, value]) => keys[name] === value);

/**
 * The document panel of a list screen, opened by the address: a row's button adds the item's
 * keys to the address (so Back closes it, and a link opens it — SPEC's e-mails, the home to-do,
 * the files screen), and closing removes them. An item that is not on the page is read from the
 * API. After a submit or a review the panel offers the next row waiting on this user.
 */
export function useDocumentPanelLink<Row>({
  kind,
  params,
  fixed = {},
  rows,
  keysOf,
  statusOf,
  nameOf,
  toRef,
  fetchRef,
  onChanged,
}: PanelLinkOptions<Row>) {
  const { _ } = useLingui();
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const target = linkTarget(searchParams, params, fixed);
  // A link may name the slot to open at (the home to-do's rejected document).
  const slot = searchParams.get(SLOT_LINK_PARAM) ?? undefined;
  const rowOf = (keys: LinkKeys) => rows?.find((row) => matches(keysOf(row), keys));

  const ref = useQuery({
    queryKey: documentSetRefKey(kind, target ?? {}),
    queryFn: ({ signal }) => fetchRef(target!, signal),
    enabled: target !== null,
    // Only the set's name, paths and slots are used; they do not change while it is open.
    staleTime: Infinity,
    initialData: () => {
      const row = target && rowOf(target);
      return row ? toRef(row) : undefined;
    },
  });
  const current = target ? (ref.data ?? null) : null;

  // The last set stays in the panel while it closes, so its content does not vanish mid-slide.
  const [shown, setShown] = useState<DocumentSetRef | null>(null);
  if (current && current !== shown) setShown(current);

  function linkTo(row: Row, replace: boolean) {
    const next = new URLSearchParams(searchParams);
    const keys = keysOf(row);
    for (const name of params) next.set(name, keys[name] ?? '');
    next.delete(SLOT_LINK_PARAM);
    // A replaced entry keeps its flag: closing steps back only over an entry this screen pushed.
    const state: LinkState = replace
      ? ((location.state as LinkState | null) ?? {})
      : { panelOpenedHere: true };
    setSearchParams(next, { replace, state });
  }

  function close() {
    if ((location.state as LinkState | null)?.panelOpenedHere) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(searchParams);
    for (const name of [...params, SLOT_LINK_PARAM]) next.delete(name);
    setSearchParams(next, { replace: true });
  }

  let next: NextItem | undefined;
  if (target && rows) {
    const index = rows.findIndex((row) => matches(keysOf(row), target));
    const after = index >= 0 ? [...rows.slice(index + 1), ...rows.slice(0, index)] : rows;
    const row = after.find(
      (candidate) =>
        !matches(keysOf(candidate), target) && needsAttention(user.role, statusOf(candidate)),
    );
    // Stepping to the next item replaces this one in the history: Back leaves the panel.
    if (row) next = { label: nameOf(row), open: () => linkTo(row, true) };
  }

  const isUnit = kind === 'unit';
  let notice = null;
  if (target && ref.isPending) {
    notice = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {_(isUnit ? 'checkerList.openingUnit' : 'checkerList.openingFrequency')}
        </Text>
      </Group>
    );
  } else if (target && ref.isError) {
    notice = (
      <Alert
        color="red"
        title={_(isUnit ? 'checkerList.openFailedUnit' : 'checkerList.openFailedFrequency')}
        withCloseButton
        closeButtonLabel={_('checkerList.dismiss')}
        onClose={close}
      >
        {ref.error instanceof ApiError && ref.error.status === 404
          ? _(isUnit ? 'checkerList.notFoundUnit' : 'checkerList.notFoundFrequency')
          : ref.error.message}
      </Alert>
    );
  }

  return {
    open: (row: Row) => linkTo(row, false),
    notice,
    panel: (
      <LazyDocumentPanel
        setRef={shown}
        slot={slot}
        opened={current !== null}
        onClose={close}
        onChanged={onChanged}
        next={next}
      />
    ),
  };
}
