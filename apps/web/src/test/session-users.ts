import type { SessionUser } from '@portal/domain';

/** The demo book's first borrower as the session answers them (docs/product.md#api). */
export const demoBorrower: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};
