// Mantine's DatePickerInput, in a chunk of its own (date-picker-input.tsx).
export { DatePickerInput as default } from '@mantine/dates';
