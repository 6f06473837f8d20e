import { useId, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSearch, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STATUS_COLOURS, type Role, type User, type UserUpdateBody } from '@portal/domain';
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../auth/require-session';
import { ElsewhereLinks } from '../../components/elsewhere-links';
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { addMessages, i18n, useLingui } from '../../i18n';
import { updateUser, usersKey, usersQuery } from './admin-queries';
import { messages } from '../../i18n/messages/admin';
import scrollCue from '../../components/scroll-cue.module.css';

addMessages(messages);

/** Long enough to finish a word, short enough to feel live. */
const SEARCH_DEBOUNCE_MS = 300;

/** docs/product.md#roles: the staff roles an admin may give; borrowers stay borrowers (the API says 400). */
const STAFF_ROLES = [
  { value: 'approver', labelId: 'admin.users.approver' },
  { value: 'viewer', labelId: 'admin.users.viewer' },
  { value: 'admin', labelId: 'admin.users.admin' },
] satisfies { value: Role; labelId: string }[];

const roleLabel = (role: Role) =>
  i18n._(STAFF_ROLES.find((option) => option.value === role)?.labelId ?? 'admin.users.borrower');

const isStaffRole = (value: string): value is Role =>
  STAFF_ROLES.some((option) => option.value === value);

interface Change {
  user: User;
  changes: UserUpdateBody;
}

/** What the admin reads after a change went through. */
function successMessage({ user, changes }: Change): string {
  const { username } = user;
  if (changes.role)
    return i18n._('admin.users.nowRole', { username, role: roleLabel(changes.role) });
  return changes.disabled
    ? i18n._('admin.users.nowDisabled', { username })
    : i18n._('admin.users.nowEnabled', { username });
}

/** docs/product.md#look-and-feel: a refusal in words that say what to do. */
function failureMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 404) {
    return i18n._('admin.users.gone');
  }
  return error.message;
}

/**
 * docs/product.md#api "Users": find anyone who can sign in, change a staff member's role,
 * disable or enable anyone. The API refuses an admin's change to themself (409),
 * so their own row is shown but not offered.
 */
export function UsersSection() {
  const { _ } = useLingui();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts at page 1 without an effect: the page belongs to the search it was chosen in.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === debouncedSearch ? paging.page : 1;
  const [toDisable, setToDisable] = useState<User | null>(null);

  const users = useQuery({
    ...usersQuery(debouncedSearch, page),
    placeholderData: keepPreviousData,
  });
  // Where the rest is when a search finds nobody: everyone's first page, as the screen opened with.
  const everyone = useQuery({
    ...usersQuery('', 1),
    enabled: debouncedSearch !== '' && users.data?.users.length === 0,
  });

  const change = useMutation({
    mutationFn: ({ user, changes }: Change) => updateUser(user.id, changes),
    onSuccess: (_user, variables) => {
      notifications.show({
        color: 'green',
        title: i18n._('admin.users.saved'),
        message: successMessage(variables),
      });
    },
    onError: (error, { user }) => {
      notifications.show({
        color: 'red',
        title: i18n._('admin.users.notChanged', { username: user.username }),
        message: failureMessage(error),
      });
    },
    onSettled: () => {
      setToDisable(null);
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
  const pending = change.isPending ? change.variables : null;

  return (
    <Stack gap="sm">
      <Title order={2}>{_('admin.users.title')}</Title>
      <TextInput
        label={_('admin.users.search')}
        description={_('admin.users.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {users.isPending ? (
        <PageLoader label={_('admin.users.loading')} />
      ) : users.isError ? (
        <EmptyState
          icon={<IconAlertTriangle aria-hidden />}
          title={_('admin.users.loadFailed')}
          description={users.error.message}
          action={<Button onClick={() => void users.refetch()}>{_('admin.tryAgain')}</Button>}
        />
      ) : users.data.users.length === 0 ? (
        <EmptyState
          icon={<IconUsers aria-hidden />}
          title={_('admin.users.empty')}
          description={
            debouncedSearch ? (
              <ElsewhereLinks
                lead={_('admin.users.elsewhere')}
                choices={[
                  {
                    value: 'all',
                    label: _('admin.users.allUsers'),
                    count: everyone.data?.meta.totalRecords,
                  },
                ]}
                onChoose={() => setSearch('')}
                none={_('admin.users.noMatch', { search: debouncedSearch })}
              />
            ) : (
              _('admin.users.noneYet')
            )
          }
        />
      ) : (
        <>
          <Box
            aria-busy={users.isPlaceholderData}
            style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}
          >
            <UsersTable
              users={users.data.users}
              myUsername={me.username}
              pending={pending}
              onRole={(user, role) => change.mutate({ user, changes: { role } })}
              onEnable={(user) => change.mutate({ user, changes: { disabled: false } })}
              onDisable={setToDisable}
            />
          </Box>
          <Pager
            label={_('admin.users.pages')}
            page={page}
            totalPages={users.data.meta.totalPages}
            onChange={(next) => setPaging({ search: debouncedSearch, page: next })}
            disabled={users.isPlaceholderData}
          />
        </>
      )}
      <Modal
        opened={toDisable !== null}
        onClose={() => setToDisable(null)}
        title={toDisable ? _('admin.users.disableTitle', { username: toDisable.username }) : ''}
        centered
      >
        <Text>
          {_('admin.users.disableDetail', { name: toDisable?.name ?? toDisable?.username })}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setToDisable(null)} data-autofocus>
            {_('admin.cancel')}
          </Button>
          <Button
            color="red"
            loading={change.isPending}
            onClick={() =>
              toDisable && change.mutate({ user: toDisable, changes: { disabled: true } })
            }
          >
            {_('admin.users.disable')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

interface UsersTableProps {
  users: User[];
  myUsername: string;
  /** The change on its way, shown at once on its row (the row waits, locked, for the answer). */
  pending: Change | null;
  onRole: (user: User, role: Role) => void;
  onEnable: (user: User) => void;
  onDisable: (user: User) => void;
}

function UsersTable({ users, myUsername, pending, onRole, onEnable, onDisable }: UsersTableProps) {
  const { _ } = useLingui();
  const selfHintId = useId();
  const roleOptions = STAFF_ROLES.map(({ value, labelId }) => ({ value, label: _(labelId) }));
  return (
    // Focusable so keyboard users can scroll it sideways on a phone (docs/product.md#quality, axe).
    <Table.ScrollContainer
      minWidth={860}
      type="native"
      className={scrollCue.cue}
      tabIndex={0}
      role="region"
      aria-label={_('admin.users.title')}
    >
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{_('admin.users.username')}</Table.Th>
            <Table.Th>{_('admin.users.name')}</Table.Th>
            <Table.Th>{_('admin.users.email')}</Table.Th>
            <Table.Th>{_('admin.users.role')}</Table.Th>
            <Table.Th>{_('admin.users.status')}</Table.Th>
            <Table.Th>{_('admin.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const isMe = user.username === myUsername;
            const isBusy = pending?.user.id === user.id;
            const locked = isMe || isBusy;
            const describedBy = isMe ? selfHintId : undefined;
            return (
              <Table.Tr key={user.id}>
                <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {user.username}
                </Table.Th>
                <Table.Td>{user.name ?? '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
                <Table.Td>
                  {user.role === 'client' ? (
                    _('admin.users.borrower')
                  ) : (
                    <NativeSelect
                      aria-label={_('admin.users.roleOf', { username: user.username })}
                      aria-describedby={describedBy}
                      data={roleOptions}
                      value={(isBusy && pending.changes.role) || user.role}
                      disabled={locked}
                      onChange={(event) => {
                        const role = event.currentTarget.value;
                        if (isStaffRole(role)) onRole(user, role);
                      }}
                      miw={130}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {/* docs/product.md#look-and-feel: the label, not only the colour, tells the state. */}
                  <Badge
                    variant="light"
                    color={user.disabled ? STATUS_COLOURS.REJECTED : STATUS_COLOURS.APPROVED}
                  >
                    {user.disabled ? _('admin.users.disabled') : _('admin.users.active')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {user.disabled ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={_('admin.users.enableLabel', { username: user.username })}
                        aria-describedby={describedBy}
                        disabled={locked}
                        loading={isBusy && pending.changes.disabled !== undefined}
                        onClick={() => onEnable(user)}
                      >
                        {_('admin.users.enable')}
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={_('admin.users.disableLabel', { username: user.username })}
                        aria-describedby={describedBy}
                        disabled={locked}
                        loading={isBusy && pending.changes.disabled !== undefined}
                        onClick={() => onDisable(user)}
                      >
                        {_('admin.users.disable')}
                      </Button>
                    )}
                    {isMe && (
                      <Text id={selfHintId} size="xs" c="dimmed">
                        {_('admin.users.self')}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
