import type { ReactNode } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { addMessages, useLingui } from '../i18n';
import { messages } from '../i18n/messages/components';

addMessages(messages);

/**
 * Another filter of the list and how many items it holds (undefined while it is counted): the
 * total its first page reports, so following the link shows that page at once from the cache.
 */
export interface ElsewhereChoice<Value extends string> {
  value: Value;
  label: string;
  count: number | undefined;
  /** The count is a floor: more are there than were counted. */
  more?: boolean | undefined;
}

/**
 * Where the rest is, when a list's filter shows nothing: "Approved (3) · Rejected (1)", each
 * other filter that holds something, as a link that sets it. `none` is said when none does.
 */
export function ElsewhereLinks<Value extends string>({
  lead,
  choices,
  onChoose,
  none,
  justify = 'center',
}: {
  /** What the links are: "Other units:". */
  lead: string;
  choices: readonly ElsewhereChoice<Value>[];
  onChoose: (value: Value) => void;
  none: ReactNode;
  /** Centred under an empty state's title; a line of text starts at its left. */
  justify?: 'center' | 'flex-start';
}) {
  const { _ } = useLingui();
  const found = choices.filter((choice) => (choice.count ?? 0) > 0);
  if (found.length === 0) return none;
  return (
    <Group component="span" gap="xs" justify={justify}>
      <Text component="span">{lead}</Text>
      {found.map(({ value, label, count, more }, index) => (
        <Text component="span" key={value}>
          {index > 0 && ' · '}
          <Anchor component="button" type="button" onClick={() => onChoose(value)}>
            {more
              ? _('components.elsewhere.choiceMore', { label, count })
              : _('components.elsewhere.choice', { label, count })}
          </Anchor>
        </Text>
      ))}
    </Group>
  );
}
