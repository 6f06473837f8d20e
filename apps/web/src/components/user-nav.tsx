import type { ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import { Anchor, Group, Popover, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
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
import classes from './layout.module.css';

interface NavTarget {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
}

/** SPEC §2 `files`: every document in one list, for either role. */
const FILES_NAV: NavTarget = { to: '/files', label: 'Documents', icon: IconFiles };

/** SPEC §2 "Header navigation": client icons. */
const CLIENT_NAV: NavTarget[] = [
  { to: '/opportunities', label: 'Home', icon: IconHome },
  { to: '/unitstatus', label: 'Unit Status', icon: IconBuildingCommunity },
  { to: '/collateralstatus', label: 'Collateral Status', icon: IconReportMoney },
  FILES_NAV,
];

/** SPEC §2: approver icons; DESIGN §3 gives viewers and admins the same screens. */
const STAFF_NAV: NavTarget[] = [
  { to: '/checker', label: 'NOC Checker', icon: IconClipboardCheck },
  { to: '/collateralchecker', label: 'Collateral Checker', icon: IconFileCertificate },
  { to: '/monitoring-calendar', label: 'Monitoring calendar', icon: IconCalendarDue },
  FILES_NAV,
];

/** Why documents are rejected: for those who decide (approvers and admins), not viewers. */
const REPORT_NAV: NavTarget = {
  to: '/reports/rejections',
  label: 'Rejection report',
  icon: IconChartBar,
};
const APPROVER_NAV: NavTarget[] = [...STAFF_NAV, REPORT_NAV];

/** DESIGN §3 / §4 "Users": admins also manage users and failed deliveries. */
const ADMIN_NAV: NavTarget[] = [
  ...APPROVER_NAV,
  { to: '/admin/users', label: 'Administration', icon: IconUserCog },
  { to: '/admin/quarantine', label: 'Quarantine', icon: IconShieldX },
];

const NAV_BY_ROLE: Record<SessionUser['role'], NavTarget[]> = {
  client: CLIENT_NAV,
  viewer: STAFF_NAV,
  approver: APPROVER_NAV,
  admin: ADMIN_NAV,
};

const ICON_PROPS = { size: 20, stroke: 1.75, 'aria-hidden': true } as const;

/**
 * The role's navigation, profile and Logout. Every icon has an accessible name and a
 * tooltip; its text label shows on wide screens and collapses on phones.
 */
export function UserNav({ user }: { user: SessionUser }) {
  const { signOut, isSigningOut } = useSignOut();
  const items = NAV_BY_ROLE[user.role];
  return (
    <Group component="nav" aria-label="Main" gap={4}>
      {items.map(({ to, label, icon: Icon }) => (
        <Tooltip key={to} label={label}>
          <UnstyledButton
            component={NavLink}
            to={to}
            aria-label={label}
            className={classes.navItem}
          >
            <Icon {...ICON_PROPS} />
            <span className={classes.navLabel}>{label}</span>
          </UnstyledButton>
        </Tooltip>
      ))}
      <ProfileButton user={user} />
      <Tooltip label="Logout">
        <UnstyledButton
          aria-label="Logout"
          className={classes.navItem}
          onClick={signOut}
          disabled={isSigningOut}
        >
          <IconLogout {...ICON_PROPS} />
          <span className={classes.navLabel}>Logout</span>
        </UnstyledButton>
      </Tooltip>
    </Group>
  );
}

/** SPEC §2: a user-profile icon titled with the account name; a tap shows who is signed in. */
function ProfileButton({ user }: { user: SessionUser }) {
  const name = user.name ?? user.username;
  return (
    <Popover position="bottom-end" withArrow shadow="md">
      {/* Mantine: a Tooltip wraps the Target so both get the button's ref and events. */}
      <Tooltip label={name}>
        <Popover.Target>
          <UnstyledButton aria-label={`Account: ${name}`} className={classes.navItem}>
            <IconUserCircle {...ICON_PROPS} />
            <span className={classes.navLabel}>{name}</span>
          </UnstyledButton>
        </Popover.Target>
      </Tooltip>
      <Popover.Dropdown>
        <Stack gap={2}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
          <Anchor component={Link} to="/profile" size="sm" mt="xs">
            Profile and two-factor sign-in
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
