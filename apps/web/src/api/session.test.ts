import { describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '@portal/domain';
import { SessionAnswer } from './session';

const user = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};

const answers: [string, unknown][] = [
  ['a borrower', { user }],
  [
    'staff without an account or name',
    { user: { ...user, role: 'approver', accountKey: null, name: null } },
  ],
  ['every role', { user: { ...user, role: 'viewer' } }],
  ['admins', { user: { ...user, role: 'admin' } }],
  ['fields the answer does not know', { user: { ...user, extra: 1 }, other: true }],
  ['a saved language', { user: { ...user, language: 'hi' } }],
  ['a language the portal does not write in', { user: { ...user, language: 'fr' } }],
  ['an unknown role', { user: { ...user, role: 'owner' } }],
  ['a missing email', { user: { ...user, email: undefined } }],
  ['a number for a name', { user: { ...user, name: 7 } }],
  ['a missing account key', { user: { ...user, accountKey: undefined } }],
  ['no user', {}],
  ['a null user', { user: null }],
  ['no answer', undefined],
  ['a list', [user]],
];

describe('SessionAnswer', () => {
  it.each(answers)('judges %s as the domain schema does, and keeps what it keeps', (_, answer) => {
    const schema = SessionResponseSchema.safeParse(answer);
    const check = SessionAnswer.safeParse(answer);
    expect(check.success).toBe(schema.success);
    if (check.success && schema.success) expect(check.data).toEqual(schema.data);
  });
});
