import { describe, expect, it } from 'vitest';
import { OPPORTUNITIES_PAGE_SIZE, PageQuerySchema } from '@portal/domain';
import { loanListHeading, loanPageFrom } from './loan-list-route';
import { LOAN_PAGE_SIZE } from './opportunity-queries';
import { demoBorrower as borrower } from '../../test/session-users';

describe('the loan list as the shell knows it', () => {
  it('asks for as many loans a page as the domain lists', () => {
    expect(LOAN_PAGE_SIZE).toBe(OPPORTUNITIES_PAGE_SIZE);
  });

  it.each([null, '', '1', '2', '12', '0', '-1', '1.5', '2.0', 'abc', ' 3 ', '1e1', 'Infinity'])(
    'reads ?page=%s as the domain does',
    (page) => {
      const parsed = PageQuerySchema.safeParse(page ?? undefined);
      const params = new URLSearchParams(page === null ? '' : `page=${encodeURIComponent(page)}`);
      expect(loanPageFrom(params)).toBe(parsed.success ? parsed.data : 1);
    },
  );

  it("heads a borrower's list with their account's name, and staff's with every account", () => {
    expect(loanListHeading(borrower)).toBe('Mehta Constructions Pvt Ltd');
    expect(loanListHeading({ ...borrower, name: null })).toBe('ACC1001');
    expect(loanListHeading({ ...borrower, role: 'viewer', accountKey: null })).toBe('All accounts');
  });
});
