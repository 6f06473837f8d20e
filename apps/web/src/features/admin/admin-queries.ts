import { queryOptions } from '@tanstack/react-query';
import {
  DeadLetterListResponseSchema,
  DeadLetterReplayResponseSchema,
  DEFAULT_PAGE_SIZE,
  UserListResponseSchema,
  UserResponseSchema,
  type UserUpdateBody,
} from '@portal/domain';
import {
  apiPath,
  DEAD_LETTERS_PATH,
  DEAD_LETTER_REPLAY_PATH,
  USERS_PATH,
  USER_PATH,
} from '@portal/domain/api-paths';
import { apiGet, apiSend } from '../../api/client';

/** Everything cached here starts with this, so a change refreshes the whole screen. */
const ADMIN_KEY = ['admin'] as const;
export const usersKey = [...ADMIN_KEY, 'users'] as const;
export const deadLettersKey = [...ADMIN_KEY, 'dead-letters'] as const;

/** docs/product.md#api "Users": `GET /api/users?search=&page=&perPage=`. */
export const usersQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: [...usersKey, { search, page }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(page),
        perPage: String(DEFAULT_PAGE_SIZE),
      });
      if (search) params.set('search', search);
      return apiGet(`${USERS_PATH}?${params.toString()}`, UserListResponseSchema, { signal });
    },
  });

/** docs/product.md#api "Users": `PUT /api/users/{id}` with a role or the disabled flag. */
export const updateUser = (id: string, changes: UserUpdateBody) =>
  apiSend('PUT', apiPath(USER_PATH, { id }), changes, UserResponseSchema).then(
    (answer) => answer.user,
  );

export const deadLettersQuery = () =>
  queryOptions({
    queryKey: deadLettersKey,
    queryFn: ({ signal }) =>
      apiGet(DEAD_LETTERS_PATH, DeadLetterListResponseSchema, { signal }).then(
        (answer) => answer.deadLetters,
      ),
  });

export const replayDeadLetter = (id: number) =>
  apiSend(
    'POST',
    apiPath(DEAD_LETTER_REPLAY_PATH, { id: String(id) }),
    undefined,
    DeadLetterReplayResponseSchema,
  );
