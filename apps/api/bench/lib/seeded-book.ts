/** Who npm run seed:large signs in, for the benchmark and for trying the book by hand. */
export const SEED_APPROVER_EMAIL = 'approver@lender.example';
export const SEED_ADMIN_EMAIL = 'admin@lender.example';
/** The borrower whose objects the benchmark opens; their password, and staff's, below. */
export const SEED_BORROWER_ACCOUNT = 'ACC000001';
export const SEED_PASSWORD = 'Bench#Secret1';
