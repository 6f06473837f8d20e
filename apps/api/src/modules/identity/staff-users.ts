import { DomainError, RoleSchema, type Role } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { createSession } from './sessions.ts';
import type { StaffClaims } from './staff-sign-on.ts';
import { usersRepository as users } from './users.repository.ts';

export interface StaffRolePolicy {
  defaultRole: Exclude<Role, 'client'>;
  adminEmails: readonly string[];
  /** Only the bundled development provider may suggest a role (its demo viewer). */
  trustProviderRole: boolean;
}

/**
 * Creates or refreshes the staff user behind a provider identity and opens a session. A new
 * user's role comes from configuration; afterwards an admin owns it, except that ADMIN_EMAILS
 * always makes an admin (that is how the first admin exists).
 */
export async function signInStaff(db: Database, claims: StaffClaims, policy: StaffRolePolicy) {
  const isListedAdmin = policy.adminEmails.includes(claims.email);
  const suggested = RoleSchema.exclude(['client']).safeParse(claims.devRole);
  const existing = await users.findStaff(db, claims.subject, claims.email);
  if (existing?.disabled) throw new DomainError('USER_DISABLED');

  const user = existing
    ? await users.update(db, existing.id, {
        email: claims.email,
        name: claims.name ?? existing.name,
        oidcSubject: claims.subject,
        ...(isListedAdmin ? { role: 'admin' as const } : {}),
      })
    : await users.insert(db, {
        username: claims.email,
        email: claims.email,
        name: claims.name,
        oidcSubject: claims.subject,
        emailVerifiedAt: new Date(),
        role: isListedAdmin
          ? 'admin'
          : policy.trustProviderRole && suggested.success
            ? suggested.data
            : policy.defaultRole,
      });
  return createSession(db, user.id, { federated: true });
}
