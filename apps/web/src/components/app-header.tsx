import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Box, Group, Text } from '@mantine/core';
import { addMessages, useLingui } from '../i18n';
import { LanguageSwitch } from '../i18n/language-switch';
import { useSaveLanguage } from '../api/session';
import classes from './layout.module.css';
import { messages } from '../i18n/messages/components';

addMessages(messages);

interface AppHeaderProps {
  /** Where the product name leads: the role's home once signed in. */
  homePath?: string;
  /** The signed-in user's navigation; public pages show only the product name. */
  children?: ReactNode;
}

/** The top header: the product name, then the navigation when there is one. */
export function AppHeader({ homePath = '/', children }: AppHeaderProps) {
  const { _ } = useLingui();
  const saveLanguage = useSaveLanguage();
  return (
    <Box component="header" className={classes.header}>
      <Group justify="space-between" gap="xs" px="md" py={6} mih={56}>
        <Text component={Link} to={homePath} className={classes.brand}>
          {_('components.header.productName')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch onChange={saveLanguage} />
          {children}
        </Group>
      </Group>
    </Box>
  );
}
