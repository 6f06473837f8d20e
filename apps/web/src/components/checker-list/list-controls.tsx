import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { CheckerSortSchema, DEFAULT_PAGE_SIZE, PAGE_SIZES, type CheckerSort } from '@portal/domain';
import { addMessages, useLingui } from '../../i18n';
import { useIsPhone } from '../phone';
import { Select } from '../select';
import { SEARCH_MAX_LENGTH, type ListParamChange, type ListParams } from './list-params';
import { messages } from '../../i18n/messages/checkerList';

addMessages(messages);

/** docs/product.md#limits's two orders, and the queue's own: longest waiting on top. */
const SORT_LABEL_KEYS: Record<CheckerSort, string> = {
  recentlyUpdatedOnTop: 'checkerList.sortRecentTop',
  recentlyUpdatedOnBottom: 'checkerList.sortRecentBottom',
  longestWaitingOnTop: 'checkerList.sortLongestWaiting',
};

const PAGE_SIZE_DATA = PAGE_SIZES.map(String);

/** Waits for a pause in typing before asking the server again. */
const SEARCH_DEBOUNCE_MS = 350;

interface ListControlsProps<Status extends string> {
  params: ListParams<Status>;
  update: (changes: ListParamChange<Status>) => void;
  /** The status choices with their labels; 'All' among them. */
  statuses?: readonly { value: Status; label: string }[];
  withSort?: boolean;
  /** The search box's label, naming what it finds ("Search by account, project or unit"). */
  searchLabel?: string;
  disabled?: boolean;
}

/**
 * docs/product.md#screens's list controls — status filter, sort, items per page — and a search box, one row
 * that wraps. Widths fit the longest label ('PENDING FOR APPROVAL'). On a phone, where they would
 * stack above the first item, they fold behind one Filters button that counts those in use.
 */
export function ListControls<Status extends string>(props: ListControlsProps<Status>) {
  const { _ } = useLingui();
  const isPhone = useIsPhone();
  const [opened, { toggle }] = useDisclosure(false);
  const controlsId = useId();
  const [searchParams] = useSearchParams();
  if (!isPhone) return <Controls {...props} />;
  const { params } = props;
  // The status counts once the reader has chosen one (the address names it); the rest when off
  // their defaults.
  const inUse = [
    params.search !== '',
    props.statuses !== undefined && searchParams.has('status'),
    props.withSort !== false && params.sort !== 'recentlyUpdatedOnTop',
    params.perPage !== DEFAULT_PAGE_SIZE,
  ].filter(Boolean).length;
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        rightSection={
          inUse > 0 && (
            <Badge circle size="sm" aria-hidden>
              {inUse}
            </Badge>
          )
        }
        aria-label={_('checkerList.filtersLabel', { count: inUse })}
        aria-expanded={opened}
        aria-controls={controlsId}
        onClick={toggle}
        style={{ alignSelf: 'flex-start' }}
      >
        {_('checkerList.filters')}
      </Button>
      {/* Hidden rather than unmounted, so a search being typed survives closing them. */}
      <div id={controlsId} hidden={!opened}>
        <Controls {...props} />
      </div>
    </Stack>
  );
}

function Controls<Status extends string>({
  params,
  update,
  statuses,
  withSort = true,
  searchLabel,
  disabled = false,
}: ListControlsProps<Status>) {
  const { _ } = useLingui();
  const sortData = CheckerSortSchema.options.map((value) => ({
    value,
    label: _(SORT_LABEL_KEYS[value]),
  }));
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      {searchLabel && (
        <SearchBox
          label={searchLabel}
          value={params.search}
          onSearch={(search) => update({ search })}
        />
      )}
      {statuses && (
        <Select
          label={_('checkerList.status')}
          data={statuses}
          value={params.status}
          onChange={(value) => value && update({ status: value })}
          allowDeselect={false}
          disabled={disabled}
          w={{ base: '100%', xs: 250 }}
        />
      )}
      {withSort && (
        <Select
          label={_('checkerList.sort')}
          data={sortData}
          value={params.sort}
          onChange={(value) => value && update({ sort: value })}
          allowDeselect={false}
          disabled={disabled}
          w={{ base: '100%', xs: 270 }}
        />
      )}
      <Select
        label={_('checkerList.perPage')}
        data={PAGE_SIZE_DATA}
        value={String(params.perPage)}
        onChange={(value) => value && update({ perPage: value })}
        allowDeselect={false}
        disabled={disabled}
        w={{ base: '100%', xs: 130 }}
      />
    </Group>
  );
}

/**
 * Typing asks the server after a pause; the address keeps the search. When the address
 * changes under it (Back, a link), the box follows.
 */
function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  const { _ } = useLingui();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const debouncedSearch = useDebouncedCallback(
    (next: string) => onSearch(next.trim()),
    SEARCH_DEBOUNCE_MS,
  );
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  function change(next: string) {
    setText(next);
    debouncedSearch(next);
  }

  return (
    <TextInput
      type="search"
      label={label}
      value={text}
      maxLength={SEARCH_MAX_LENGTH}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        // Enter searches at once.
        if (event.key === 'Enter') debouncedSearch.flush();
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text && (
          <CloseButton
            aria-label={_('checkerList.clearSearch')}
            onClick={() => {
              debouncedSearch.cancel();
              setText('');
              onSearch('');
            }}
          />
        )
      }
      w={{ base: '100%', sm: 320 }}
    />
  );
}
