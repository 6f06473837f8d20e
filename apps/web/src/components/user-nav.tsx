import {
  Fragment,
  lazy,
  Suspense,
  useId,
  useState,
  type ComponentPropsWithRef,
  type ComponentType,
  type ReactElement,
} from 'react';
import { NavLink } from 'react-router';
import { Box, Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingCommunity,
  IconCalendarDue,
  IconChartBar,
  IconClipboardCheck,
  IconFileCertificate,
  IconFiles,
  IconHome,
  IconLogout,
  IconMenu2,
  IconReportMoney,
  IconShieldX,
  IconUserCircle,
  IconUserCog,
  IconX,
  type IconProps,
} from '@tabler/icons-react';
import type { SessionUser } from '@portal/domain';
import { useSignOut } from '../api/session';
import { addMessages, useLingui } from '../i18n';
import { Hint } from './hint';
import classes from './layout.module.css';
import { messages } from '../i18n/messages/userNav';

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
  label: 'userNav.documents',
  icon: IconFiles,
};

/** docs/product.md#screens "Header navigation": client icons. */
const CLIENT_NAV: NavTarget[] = [
  { to: '/opportunities', label: 'userNav.home', icon: IconHome },
  { to: '/unitstatus', label: 'userNav.unitStatus', icon: IconBuildingCommunity },
  { to: '/collateralstatus', label: 'userNav.collateralStatus', icon: IconReportMoney },
  FILES_NAV,
];

/** docs/product.md#screens: approver icons; docs/product.md#roles gives viewers and admins the same screens. */
const STAFF_NAV: NavTarget[] = [
  { to: '/checker', label: 'userNav.nocChecker', icon: IconClipboardCheck },
  {
    to: '/collateralchecker',
    label: 'userNav.collateralChecker',
    icon: IconFileCertificate,
  },
  {
    to: '/monitoring-calendar',
    label: 'userNav.monitoringCalendar',
    icon: IconCalendarDue,
  },
  FILES_NAV,
];

/** Why documents are rejected: for those who decide (approvers and admins), not viewers. */
const REPORT_NAV: NavTarget = {
  to: '/reports/rejections',
  label: 'userNav.rejectionReport',
  icon: IconChartBar,
};
const APPROVER_NAV: NavTarget[] = [...STAFF_NAV, REPORT_NAV];

/** docs/product.md#roles, #api "Users": admins also manage users and failed deliveries. */
const ADMIN_NAV: NavTarget[] = [
  ...APPROVER_NAV,
  { to: '/admin/users', label: 'userNav.administration', icon: IconUserCog },
  { to: '/admin/quarantine', label: 'userNav.quarantine', icon: IconShieldX },
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
 * The role's navigation, profile and Logout. On wide screens a bar: every icon has an accessible
 * name and a tooltip, and its text label shows from Mantine's md breakpoint. Narrower, the bar
 * would be icons only: a labelled Menu button opens the same items with their names instead.
 */
export function UserNav({ user }: { user: SessionUser }) {
  const { _ } = useLingui();
  return (
    <>
      <Group component="nav" aria-label={_('userNav.main')} gap={4} visibleFrom="md">
        <NavItems user={user} />
      </Group>
      <PhoneMenu user={user} />
    </>
  );
}

/** Below the md breakpoint: a disclosure of the navigation, one labelled row per item. */
function PhoneMenu({ user }: { user: SessionUser }) {
  const { _ } = useLingui();
  const [opened, { toggle, close }] = useDisclosure(false);
  const menuId = useId();
  return (
    <Box hiddenFrom="md">
      <UnstyledButton
        className={classes.navItem}
        aria-expanded={opened}
        aria-controls={menuId}
        onClick={toggle}
      >
        {opened ? <IconX {...ICON_PROPS} /> : <IconMenu2 {...ICON_PROPS} />}
        <span>{_('userNav.menu')}</span>
      </UnstyledButton>
      <Stack
        component="nav"
        id={menuId}
        hidden={!opened}
        aria-label={_('userNav.main')}
        gap={2}
        className={classes.phoneMenu}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <NavItems user={user} inMenu onNavigate={close} />
      </Stack>
    </Box>
  );
}

/** The role's destinations, the profile and Logout: icons with tooltips, or labelled menu rows. */
function NavItems({
  user,
  inMenu = false,
  onNavigate,
}: {
  user: SessionUser;
  inMenu?: boolean;
  onNavigate?: () => void;
}) {
  const { signOut, isSigningOut } = useSignOut();
  const { _ } = useLingui();
  const itemClass = inMenu ? `${classes.navItem} ${classes.menuItem}` : classes.navItem;
  // A tap on the account button before its popover has loaded opens it once loaded.
  const [profileTapped, setProfileTapped] = useState(false);
  // In the menu every name is written out; the bar's icons have it as a tooltip too.
  const hinted = (label: string, item: ReactElement) =>
    inMenu ? item : <Hint label={label}>{item}</Hint>;
  return (
    <>
      {NAV_BY_ROLE[user.role].map(({ to, label: labelId, icon: Icon }) => {
        const label = _(labelId);
        return (
          <Fragment key={to}>
            {hinted(
              label,
              <UnstyledButton
                component={NavLink}
                to={to}
                aria-label={label}
                className={itemClass}
                onClick={onNavigate}
              >
                <Icon {...ICON_PROPS} />
                <span className={classes.navLabel}>{label}</span>
              </UnstyledButton>,
            )}
          </Fragment>
        );
      })}
      <Suspense
        fallback={
          <ProfileButton user={user} className={itemClass} onClick={() => setProfileTapped(true)} />
        }
      >
        <ProfileMenu
          user={user}
          defaultOpened={profileTapped}
          button={<ProfileButton user={user} className={itemClass} />}
        />
      </Suspense>
      {hinted(
        _('userNav.logout'),
        <UnstyledButton
          aria-label={_('userNav.logout')}
          className={itemClass}
          onClick={signOut}
          disabled={isSigningOut}
        >
          <IconLogout {...ICON_PROPS} />
          <span className={classes.navLabel}>{_('userNav.logout')}</span>
        </UnstyledButton>,
      )}
    </>
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
      aria-label={_('userNav.account', { name })}
      className={classes.navItem}
      {...props}
    >
      <IconUserCircle {...ICON_PROPS} />
      <span className={classes.navLabel}>{name}</span>
    </UnstyledButton>
  );
}
