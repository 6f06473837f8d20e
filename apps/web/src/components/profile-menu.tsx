import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Anchor, Popover, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { useLingui } from '../i18n';
import Tooltip from './hint-tooltip';

/**
 * docs/product.md#screens: the user-profile icon (`button`, the header's own); a tap shows who is signed in, with
 * a link to the profile.
 */
export default function ProfileMenu({
  user,
  button,
  defaultOpened = false,
}: {
  user: SessionUser;
  button: ReactElement;
  /** Open as it shows: the button was tapped while this part was loading. */
  defaultOpened?: boolean;
}) {
  const { _ } = useLingui();
  const name = user.name ?? user.username;
  return (
    <Popover position="bottom-end" withArrow shadow="md" defaultOpened={defaultOpened}>
      {/* Mantine: a Tooltip wraps the Target so both get the button's ref and events. */}
      <Tooltip label={name}>
        <Popover.Target>{button}</Popover.Target>
      </Tooltip>
      <Popover.Dropdown>
        <Stack gap={2}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
          <Anchor component={Link} to="/profile" size="sm" mt="xs">
            {_('userNav.profile')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
