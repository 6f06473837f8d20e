import { useId, type ReactNode } from 'react';
import { Input, PinInput, Stack } from '@mantine/core';
import { addMessages, useLingui } from '../../i18n';
import classes from './code-input.module.css';
import { messages } from '../../i18n/messages/identityShared';

addMessages(messages);

/** docs/product.md#validation: one-time codes are six digits. */
export const CODE_LENGTH = 6;

interface CodeInputProps {
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Called when the sixth digit is in, typed or pasted (docs/product.md#screens: the screen goes on by itself). */
  onComplete: (code: string) => void;
  /** While a code is being checked: keeps focus in place, unlike `disabled`. */
  readOnly?: boolean;
  error?: string;
}

/**
 * docs/product.md#validation code entry: six boxes, digits only (Mantine drops anything else), a
 * pasted or autofilled code fills them all. The boxes form a labelled group and
 * each says which digit it holds.
 */
export function CodeInput({
  label,
  description,
  value,
  onChange,
  onComplete,
  readOnly,
  error,
}: CodeInputProps) {
  const { _ } = useLingui();
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [description && descriptionId, error && errorId].filter(Boolean).join(' ') || undefined;

  function handleChange(next: string) {
    if (readOnly) return; // Mantine still applies a paste to read-only boxes.
    onChange(next);
    if (next.length === CODE_LENGTH) onComplete(next);
  }

  return (
    <Stack gap={6}>
      {/* Mantine's field parts, so the group reads like every other field. */}
      <Input.Label id={labelId} labelElement="div">
        {label}
      </Input.Label>
      {description && <Input.Description id={descriptionId}>{description}</Input.Description>}
      <PinInput
        classNames={{ pinInput: classes.pinInput }}
        length={CODE_LENGTH}
        type="number"
        size="lg"
        gap="xs"
        placeholder=""
        autoFocus
        value={value}
        onChange={handleChange}
        readOnly={readOnly}
        error={Boolean(error)}
        aria-labelledby={labelId}
        getInputProps={(index) => ({
          'aria-label': _('identityShared.digitLabel', {
            position: index + 1,
            length: CODE_LENGTH,
          }),
          'aria-describedby': describedBy,
        })}
      />
      {error && (
        <Input.Error id={errorId} role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
