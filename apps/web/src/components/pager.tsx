import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pageWindow } from '@portal/domain';
import { addMessages, useLingui } from '../i18n';
import { messages } from '../i18n/messages/components';

addMessages(messages);

interface PagerProps {
  /** 1-based. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, so two pagers on a page can be told apart. */
  label?: string;
  disabled?: boolean;
}

/**
 * Previous / Next with the page numbers of docs/product.md#limits: all of them up to 7 pages,
 * otherwise a window with gaps. docs/product.md#validation: Previous only above page 1, Next only
 * below the last. Nothing to page through, nothing shown.
 */
export function Pager({ page, totalPages, onChange, label, disabled = false }: PagerProps) {
  const { _ } = useLingui();
  if (totalPages <= 1) return null;
  return (
    <Group
      component="nav"
      aria-label={label ?? _('components.pager.label')}
      gap={4}
      justify="center"
      wrap="wrap"
    >
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={disabled || page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {_('components.pager.previous')}
      </Button>
      {pageWindow(page, totalPages).map((item, index) =>
        item === 'gap' ? (
          // The gap is decoration: the numbers either side already say where it is.
          <Text key={`gap-${index}`} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            variant={item === page ? 'filled' : 'default'}
            miw={36}
            px={8}
            aria-label={_('components.pager.page', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={disabled || page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        {_('components.pager.next')}
      </Button>
    </Group>
  );
}
