import { lazy, Suspense, type ComponentPropsWithRef, type ComponentType } from 'react';
import { NavLink } from 'react-router';
import { Group, UnstyledButton } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconCalendarDue,
  IconChartBar,
  IconClipboardCheck,
  IconFileCertificate,
  IconFiles,
  IconHome,
  IconLogout,
  IconReportMoney,
  IconShieldX,
  IconUserCircle,
  IconUserCog,
  type IconProps,
} from '@tabler/icons-react';
import type { SessionUser } from '@portal/domain';
import { useSignOut } from '../api/session';
import { addMessages, useLingui } from '../i18n';
import { Hint } from './hint';
import classes from './layout.module.css';
import { messages } from '../i18n/messages/components';

addMessages(messages);

interface NavTarget {
  to: string;
  /** The message id of its name. */
  label: string;
  icon: ComponentType<IconProps>;
}

/** docs/product.md#screens `files`: every document in one list, for either role. */
const FILES_NAV: NavTarget = {
  to: '/files',
  label: 'components.userNav.documents',
  icon: IconFiles,
};

/** docs/product.md#screens "Header navigation": client icons. */
const CLIENT_NAV: NavTarget[] = [
  { to: '/opportunities', label: 'components.userNav.home', icon: IconHome },
  { to: '/unitstatus', label: 'components.userNav.unitStatus', icon: IconBuildingCommunity },
  { to: '/collateralstatus', label: 'components.userNav.collateralStatus', icon: IconReportMoney },
  FILES_NAV,
];

/** docs/product.md#screens: approver icons; docs/product.md#roles gives viewers and admins the same screens. */
const STAFF_NAV: NavTarget[] = [
  { to: '/checker', label: 'components.userNav.nocChecker', icon: IconClipboardCheck },
  {
    to: '/collateralchecker',
    label: 'components.userNav.collateralChecker',
    icon: IconFileCertificate,
  },
  {
    to: '/monitoring-calendar',
    label: 'components.userNav.monitoringCalendar',
    icon: IconCalendarDue,
  },
  FILES_NAV,
];

/** Why documents are rejected: for those who decide (approvers and admins), not viewers. */
const REPORT_NAV: NavTarget = {
  to: '/reports/rejections',
  label: 'components.userNav.rejectionReport',
  icon: IconChartBar,
};
const APPROVER_NAV: NavTarget[] = [...STAFF_NAV, REPORT_NAV];

/** docs/product.md#roles, #api "Users": admins also manage users and failed deliveries. */
const ADMIN_NAV: NavTarget[] = [
  ...APPROVER_NAV,
  { to: '/admin/users', label: 'components.userNav.administration', icon: IconUserCog },
  { to: '/admin/quarantine', label: 'components.userNav.quarantine', icon: IconShieldX },
];

const NAV_BY_ROLE: Record<SessionUser['role'], NavTarget[]> = {
  client: CLIENT_NAV,
  viewer: STAFF_NAV,
  approver: APPROVER_NAV,
  admin: ADMIN_NAV,
};

export const ICON_PROPS = { size: 20, stroke: 1.75, 'aria-hidden': true } as const;

/** Who is signed in opens in a popover, which loads once the header shows (Floating UI). */
const ProfileMenu = lazy(() => import('./profile-menu'));

/**
 * The role's navigation, profile and Logout. Every icon has an accessible name and a
 * tooltip; its text label shows on wide screens and collapses on phones.
 */
export function UserNav({ user }: { user: SessionUser }) {
  const { signOut, isSigningOut } = useSignOut();
  const { _ } = useLingui();
  const items = NAV_BY_ROLE[user.role];
  return (
    <Group component="nav" aria-label={_('components.userNav.main')} gap={4}>
      {items.map(({ to, label: labelId, icon: Icon }) => {
        const label = _(labelId);
        return (
          <Hint key={to} label={label}>
            <UnstyledButton
              component={NavLink}
              to={to}
              aria-label={label}
              className={classes.navItem}
            >
              <Icon {...ICON_PROPS} />
              <span className={classes.navLabel}>{label}</span>
            </UnstyledButton>
          </Hint>
        );
      })}
      <Suspense fallback={<ProfileButton user={user} />}>
        <ProfileMenu user={user} button={<ProfileButton user={user} />} />
      </Suspense>
      <Hint label={_('components.userNav.logout')}>
        <UnstyledButton
          aria-label={_('components.userNav.logout')}
          className={classes.navItem}
          onClick={signOut}
          disabled={isSigningOut}
        >
          <IconLogout {...ICON_PROPS} />
          <span className={classes.navLabel}>{_('components.userNav.logout')}</span>
        </UnstyledButton>
      </Hint>
    </Group>
  );
}

/** docs/product.md#screens: a user-profile icon titled with the account name (profile-menu.tsx). */
export function ProfileButton({
  user,
  ...props
}: { user: SessionUser } & ComponentPropsWithRef<'button'>) {
  const { _ } = useLingui();
  const name = user.name ?? user.username;
  return (
    <UnstyledButton
      aria-label={_('components.userNav.account', { name })}
      className={classes.navItem}
      {...props}
    >
      <IconUserCircle {...ICON_PROPS} />
      <span className={classes.navLabel}>{name}</span>
    </UnstyledButton>
  );
}
