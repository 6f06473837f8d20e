import { describe, expect, it } from 'vitest';
import { AuthProvidersResponseSchema } from '@portal/domain';
import { stubApi } from '../../test/render';
import { fetchAuthProviders } from './sign-in-api';

const answers: unknown[] = [
  { staff: null },
  { staff: { name: 'Demo Staff Sign-In' } },
  { staff: { name: 'Entra ID', extra: true }, other: 1 },
  { staff: { name: 42 } },
  { staff: {} },
  { staff: 'Entra ID' },
  {},
  null,
  [],
  'staff',
];

describe('the providers answer, checked without zod', () => {
  it.each(answers.map((answer) => [JSON.stringify(answer), answer]))(
    'agrees with AuthProvidersResponseSchema on %s',
    async (_, answer) => {
      stubApi({ '/api/auth/providers': { status: 200, body: answer } });
      const expected = AuthProvidersResponseSchema.safeParse(answer);
      const result = fetchAuthProviders(new AbortController().signal);
      if (expected.success) await expect(result).resolves.toEqual(expected.data);
      else await expect(result).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    },
  );
});
