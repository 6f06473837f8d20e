import { RoleSchema, type Role } from '@portal/domain';
import { isUniqueViolation, type Database, type Executor } from '../../db/client.ts';
import { createSession } from './sessions.ts';
import { StaffSignOnRefused, type StaffClaims } from './staff-sign-on.ts';
import { usersRepository as users, type UserRow } from './users.repository.ts';

/** Who may become staff through sign-on, and with which role. */
export interface StaffRolePolicy {
  defaultRole: Exclude<Role, 'client'>;
  adminEmails: readonly string[];
  /** STAFF_EMAIL_DOMAINS, lower case; empty admits any domain (a loopback dev server only). */
  emailDomains: readonly string[];
  /** Only the bundled development provider may suggest a role (its demo viewer). */
  trustProviderRole: boolean;
}

type AdmittedClaims = StaffClaims & { email: string };

/**
 * Signs in the staff user behind a provider identity, creating it on first sign-in. Only a
 * verified e-mail at a staff domain gets in. A user is bound to one (issuer, subject) for good,
 * so nobody takes over a staff user, or gains ADMIN_EMAILS admin, by claiming an e-mail address
 * at the provider. A new user's role comes from configuration; afterwards an admin owns it,
 * except that ADMIN_EMAILS always makes an admin (that is how the first admin exists).
 */
export async function signInStaff(db: Database, claims: StaffClaims, policy: StaffRolePolicy) {
  const user = await findOrCreateStaffUser(db, admitted(claims, policy), policy);
  return createSession(db, user.id, { federated: true });
}

function admitted(claims: StaffClaims, policy: StaffRolePolicy): AdmittedClaims {
  const { email } = claims;
  if (!email || !claims.emailVerified) {
    throw new StaffSignOnRefused(
      'staff_unverified_email',
      'The provider did not share a verified e-mail address (email_verified).',
    );
  }
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (policy.emailDomains.length > 0 && !policy.emailDomains.includes(domain)) {
    throw new StaffSignOnRefused(
      'staff_domain_not_allowed',
      `The e-mail domain ${domain} is not in STAFF_EMAIL_DOMAINS.`,
    );
  }
  return { ...claims, email };
}

async function findOrCreateStaffUser(
  db: Database,
  claims: AdmittedClaims,
  policy: StaffRolePolicy,
): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => bindStaffUser(tx, claims, policy));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent first sign-in of the same identity inserted the user first, so the second
      // attempt finds it. Clashing again means the username (the e-mail) is someone else's.
      if (attempt > 1) {
        throw new StaffSignOnRefused(
          'staff_identity_conflict',
          'Another user already has this e-mail address as username.',
        );
      }
    }
  }
}

async function bindStaffUser(tx: Executor, claims: AdmittedClaims, policy: StaffRolePolicy) {
  const isListedAdmin = policy.adminEmails.includes(claims.email);
  const existing = await users.findStaff(tx, claims.subject, claims.email);
  if (!existing) {
    const suggested = RoleSchema.exclude(['client']).safeParse(claims.devRole);
    return users.insert(tx, {
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
  }
  // findStaff answers the user bound to this subject, else one holding the e-mail.
  if (existing.oidcSubject !== null && existing.oidcSubject !== claims.subject) {
    throw new StaffSignOnRefused(
      'staff_identity_conflict',
      'The e-mail address belongs to a staff user bound to another identity.',
    );
  }
  if (existing.email.toLowerCase() !== claims.email) {
    throw new StaffSignOnRefused(
      'staff_email_changed',
      'The provider now gives this identity a different e-mail address.',
    );
  }
  if (existing.disabled) throw new StaffSignOnRefused('user_disabled', 'User is disabled.');
  return users.update(tx, existing.id, {
    name: claims.name ?? existing.name,
    // Binds a staff user still unbound (created before its first sign-on); a no-op otherwise.
    oidcSubject: claims.subject,
    ...(isListedAdmin ? { role: 'admin' as const } : {}),
  });
}
