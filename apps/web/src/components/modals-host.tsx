import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { confirmHostListening } from './confirm';

/**
 * Mantine's confirmation dialogs, in a chunk of their own (signed-in-layout.tsx). The provider
 * listens for them in its own effect, which runs before this one: only then are the dialogs
 * asked for while it loaded opened.
 */
export default function ModalsHost() {
  useEffect(confirmHostListening, []);
  return <ModalsProvider />;
}
