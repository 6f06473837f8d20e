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
import { EmptyState } from '../../components/empty-state';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { updateUser, usersKey, usersQuery } from './admin-queries';

/** Long enough to finish a word, short enough to feel live. */
const SEARCH_DEBOUNCE_MS = 300;

/** DESIGN §3: the staff roles an admin may give; borrowers stay borrowers (the API says 400). */
const STAFF_ROLES = [
  { value: 'approver', label: 'Approver' },
  { value: 'viewer', label: 'Viewer' },
  { value: 'admin', label: 'Admin' },
] satisfies { value: Role; label: string }[];

const roleLabel = (role: Role) =>
  STAFF_ROLES.find((option) => option.value === role)?.label ?? 'Borrower';

const isStaffRole = (value: string): value is Role =>
  STAFF_ROLES.some((option) => option.value === value);

interface Change {
  user: User;
  changes: UserUpdateBody;
}

/** What the admin reads after a change went through. */
function successMessage({ user, changes }: Change): string {
  if (changes.role) return `${user.username} is now ${roleLabel(changes.role)}.`;
  return changes.disabled
    ? `${user.username} is disabled and their sessions have ended.`
    : `${user.username} can sign in again.`;
}

/** DESIGN §7: a refusal in words that say what to do. */
function failureMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 404) {
    return 'This user no longer exists. The list now shows the latest state.';
  }
  return error.message;
}

/**
 * DESIGN §4 "Users": find anyone who can sign in, change a staff member's role,
 * disable or enable anyone. The API refuses an admin's change to themself (409),
 * so their own row is shown but not offered.
 */
export function UsersSection() {
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

  const change = useMutation({
    mutationFn: ({ user, changes }: Change) => updateUser(user.id, changes),
    onSuccess: (_user, variables) => {
      notifications.show({ color: 'green', title: 'Saved', message: successMessage(variables) });
    },
    onError: (error, { user }) => {
      notifications.show({
        color: 'red',
        title: `${user.username} was not changed`,
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
      <Title order={2}>Users</Title>
      <TextInput
        label="Search users"
        description="By username, name or e-mail"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {users.isPending ? (
        <PageLoader label="Loading users…" />
      ) : users.isError ? (
        <EmptyState
          icon={<IconAlertTriangle aria-hidden />}
          title="The users could not be loaded"
          description={users.error.message}
          action={<Button onClick={() => void users.refetch()}>Try again</Button>}
        />
      ) : users.data.users.length === 0 ? (
        <EmptyState
          icon={<IconUsers aria-hidden />}
          title="No users found"
          description={
            debouncedSearch
              ? `Nobody matches “${debouncedSearch}”. Try part of a name, an e-mail or a username.`
              : 'Nobody has signed up or signed in yet.'
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
            label="User pages"
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
        title={toDisable ? `Disable ${toDisable.username}?` : ''}
        centered
      >
        <Text>
          {toDisable?.name ?? toDisable?.username} will no longer be able to sign in, and their
          sessions end at once.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setToDisable(null)} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={change.isPending}
            onClick={() =>
              toDisable && change.mutate({ user: toDisable, changes: { disabled: true } })
            }
          >
            Disable
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
  const selfHintId = useId();
  return (
    // Focusable so keyboard users can scroll it sideways on a phone (DESIGN §6, axe).
    <Table.ScrollContainer
      minWidth={860}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Users"
    >
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Username</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Action</Table.Th>
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
                    'Borrower'
                  ) : (
                    <NativeSelect
                      aria-label={`Role of ${user.username}`}
                      aria-describedby={describedBy}
                      data={STAFF_ROLES}
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
                  {/* DESIGN §7: the label, not only the colour, tells the state. */}
                  <Badge
                    variant="light"
                    color={user.disabled ? STATUS_COLOURS.REJECTED : STATUS_COLOURS.APPROVED}
                  >
                    {user.disabled ? 'Disabled' : 'Active'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {user.disabled ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Enable ${user.username}`}
                        aria-describedby={describedBy}
                        disabled={locked}
                        loading={isBusy && pending.changes.disabled !== undefined}
                        onClick={() => onEnable(user)}
                      >
                        Enable
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={`Disable ${user.username}`}
                        aria-describedby={describedBy}
                        disabled={locked}
                        loading={isBusy && pending.changes.disabled !== undefined}
                        onClick={() => onDisable(user)}
                      >
                        Disable
                      </Button>
                    )}
                    {isMe && (
                      <Text id={selfHintId} size="xs" c="dimmed">
                        This is you. Another admin can change your account.
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
