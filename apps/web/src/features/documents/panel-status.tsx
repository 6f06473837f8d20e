import { createContext, useContext, useState, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

type Announce = (message: string) => void;

const PanelStatusContext = createContext<Announce | null>(null);

/**
 * How a part of the document panel says what it just did ("Customer Ledger approved."). Inside
 * the panel that is one line in the panel itself, read out by screen readers; a toast would sit
 * over the panel's own buttons, on a phone above all. Elsewhere it is a notification.
 */
export function useAnnounce(): Announce {
  return useContext(PanelStatusContext) ?? ((message) => notifications.show({ message }));
}

/** Gives the panel's parts `useAnnounce`, and the line where it shows, to `children`. */
export function PanelStatus({ children }: { children: (statusLine: ReactNode) => ReactNode }) {
  const [message, setMessage] = useState('');
  const statusLine = (
    <Text role="status" size="sm" fw={500} mih="1.5em">
      {message}
    </Text>
  );
  return (
    <PanelStatusContext.Provider value={setMessage}>
      {children(statusLine)}
    </PanelStatusContext.Provider>
  );
}
