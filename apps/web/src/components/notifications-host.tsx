import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The notice list (with its transitions) loads with the first notice: most visits to the
// public pages never show one.
const NotificationList = lazy(() => import('./notification-list'));

/** Where `notifications.show()` notices appear, from the first one on. */
export function NotificationsHost() {
  const { notifications } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  // Stays mounted once loaded, so later notices slide in and out as usual.
  if (!isNeeded && notifications.length > 0) setIsNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <NotificationList />
    </Suspense>
  ) : null;
}
