// Mantine's confirmation dialogs, in a chunk of their own (signed-in-layout.tsx).
export { ModalsProvider as default } from '@mantine/modals';
