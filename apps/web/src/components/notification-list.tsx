import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Bottom left: clear of the document panel, which opens on the right. */
export default function NotificationList() {
  return <Notifications position="bottom-left" limit={3} />;
}
