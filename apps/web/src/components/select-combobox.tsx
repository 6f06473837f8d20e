// Mantine's Select, in a chunk of its own (select.tsx).
export { Select as default } from '@mantine/core';
