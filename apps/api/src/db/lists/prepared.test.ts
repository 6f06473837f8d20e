import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import { accounts } from '../schema.ts';
import { preparedOnce, statementName } from './prepared.ts';

// A frequencies checker list's name at its longest, before the read variant.
const LONG_LIST = 'frequencies.account.PENDING_APPROVAL.recentlyUpdatedOnBottom.search.';

describe('statement names', () => {
  it('keeps a name PostgreSQL can hold, and fits a longer one with a hash of the whole', () => {
    expect(statementName('files.all.ALL.forward')).toBe('files.all.ALL.forward');
    const forward = statementName(`${LONG_LIST}forward`);
    const reversed = statementName(`${LONG_LIST}reversed`);
    for (const name of [forward, reversed]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
      expect(name.startsWith(LONG_LIST.slice(0, 40))).toBe(true);
    }
    expect(forward).not.toBe(reversed);
    expect(statementName(`${LONG_LIST}forward`)).toBe(forward);
  });
});

describe('preparedOnce', () => {
  it('runs statements whose names differ only past 63 bytes side by side on one connection', async () => {
    const handle = await openTestDatabase();
    try {
      const answers = await handle.db.transaction(async (tx) => {
        const statement = (variant: string, answer: number) =>
          preparedOnce(tx, `${LONG_LIST}${variant}`, (name) =>
            tx
              .select({ answer: sql`count(*) * 0 + ${answer}`.mapWith(Number) })
              .from(accounts)
              .prepare(name),
          );
        expect(statement('forward', 1)).toBe(statement('forward', 1));
        return [
          await statement('forward', 1).execute(),
          await statement('reversed', 2).execute(),
          await statement('forward', 1).execute(),
        ];
      });
      expect(answers).toEqual([[{ answer: 1 }], [{ answer: 2 }], [{ answer: 1 }]]);
    } finally {
      await handle.close();
    }
  });
});
