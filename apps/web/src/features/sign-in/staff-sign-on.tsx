import { useEffect, useId, useState } from 'react';
import { Button, Divider, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { STAFF_SIGN_ON_PATH } from '../identity-shared/identity-api';

/**
 * SPEC §2 "Continue With": staff sign in with the lender's identity provider
 * (DESIGN §3, OpenID Connect). A plain GET form, so the browser leaves the app
 * for the server's redirect to the provider, with or without JavaScript.
 */
export function StaffSignOn() {
  const descriptionId = useId();
  const [isLeaving, setIsLeaving] = useState(false);

  // Coming back with the Back button restores this page from the cache, mid-"loading".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  return (
    <form method="get" action={STAFF_SIGN_ON_PATH} onSubmit={() => setIsLeaving(true)}>
      <Stack gap="xs">
        <Divider label="or" labelPosition="center" />
        <Button
          type="submit"
          variant="default"
          leftSection={<IconBuildingBank size={18} aria-hidden />}
          loading={isLeaving}
          aria-describedby={descriptionId}
        >
          Continue With
        </Button>
        <Text id={descriptionId} size="sm" c="dimmed" ta="center">
          Lender staff: continue with your organisation account.
        </Text>
      </Stack>
    </form>
  );
}
