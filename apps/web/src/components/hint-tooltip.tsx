// Mantine's Tooltip, in a chunk of its own (hint.tsx).
export { Tooltip as default } from '@mantine/core';
