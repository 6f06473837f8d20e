import type { ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { STATUS_COLOURS, unitCheckerLabel, type CheckerUnit } from '@portal/domain';
import { Money } from '../../components/money';

/** Mantine's `sm` breakpoint: below it the units are cards (DESIGN §7). */
const PHONE_QUERY = '(max-width: 48em)';

interface UnitRowsProps {
  units: CheckerUnit[];
  /** Borrowers tick the units they submit; staff get no selection column. */
  selection: {
    isReady: (unit: CheckerUnit) => boolean;
    isSelected: (key: string) => boolean;
    toggle: (key: string, selected: boolean) => void;
  } | null;
  onOpen: (unit: CheckerUnit) => void;
  disabled: boolean;
}

interface UnitItem {
  unit: CheckerUnit;
  select: ReactNode;
  action: ReactNode;
}

/** SPEC §2 unit listing columns; a table on wide screens, one card per unit on phones. */
export function UnitRows({ units, selection, onOpen, disabled }: UnitRowsProps) {
  // Read at once rather than after mount, so a phone never flashes the table first.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const items: UnitItem[] = units.map((unit) => {
    const label = unitCheckerLabel(unit.approvalStatus);
    return {
      unit,
      select:
        selection && selection.isReady(unit) ? (
          <Checkbox
            aria-label={`Select ${unit.name} to submit`}
            checked={selection.isSelected(unit.key)}
            disabled={disabled}
            onChange={(event) => selection.toggle(unit.key, event.currentTarget.checked)}
          />
        ) : null,
      // SPEC §2: the action shows the status and opens the unit's documents.
      action: (
        <Button
          size="xs"
          variant="light"
          color={STATUS_COLOURS[unit.approvalStatus]}
          aria-label={`${label}, documents of ${unit.name}`}
          disabled={disabled}
          onClick={() => onOpen(unit)}
          style={{ whiteSpace: 'nowrap' }}
        >
          {label}
        </Button>
      ),
    };
  });
  return isPhone ? (
    <UnitCards items={items} />
  ) : (
    <UnitTable items={items} withSelect={selection !== null} />
  );
}

function UnitTable({ items, withSelect }: { items: UnitItem[]; withSelect: boolean }) {
  return (
    // A narrow window that is not a phone scrolls the table inside its box, not the page.
    <Table.ScrollContainer minWidth={1280} type="native">
      <Table aria-label="Units" highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {withSelect && <Table.Th>Select</Table.Th>}
            <Table.Th>Account name</Table.Th>
            <Table.Th>Project name</Table.Th>
            <Table.Th>Tower</Table.Th>
            <Table.Th>Floor</Table.Th>
            <Table.Th>Unit no</Table.Th>
            <Table.Th>Name of customer</Table.Th>
            <Table.Th ta="right">
              <abbr title="Maximum selling price">MSP</abbr>
            </Table.Th>
            <Table.Th ta="right">
              <abbr title="Base selling price">BSP</abbr>
            </Table.Th>
            <Table.Th ta="right">Sale value</Table.Th>
            <Table.Th ta="right">Amount received</Table.Th>
            <Table.Th>NOC type</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map(({ unit, select, action }) => (
            <Table.Tr key={unit.key}>
              {withSelect && <Table.Td>{select}</Table.Td>}
              <Table.Td>{unit.accountName}</Table.Td>
              <Table.Td>{unit.projectName}</Table.Td>
              <Table.Td>{unit.tower}</Table.Td>
              <Table.Td>{unit.floor}</Table.Td>
              <Table.Td>{unit.unit}</Table.Td>
              <Table.Td>{unit.customerName}</Table.Td>
              <Table.Td ta="right">
                <Money value={unit.maxSellingPrice} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={unit.baseSellingPrice} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={unit.totalSaleValue} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={unit.amountToBeReceived} />
              </Table.Td>
              <Table.Td>
                <NocType unit={unit} />
              </Table.Td>
              <Table.Td>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UnitCards({ items }: { items: UnitItem[] }) {
  return (
    <Stack component="ul" aria-label="Units" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map(({ unit, select, action }) => (
        <Paper component="li" key={unit.key} withBorder p="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {select}
              <div>
                <Text fw={600}>
                  {unit.unit} · Tower {unit.tower}, floor {unit.floor}
                </Text>
                <Text size="sm" c="dimmed">
                  {unit.projectName} · {unit.accountName}
                </Text>
              </div>
            </Group>
            <Stack component="dl" gap={4} m={0}>
              <Field label="Name of customer">{unit.customerName}</Field>
              <Field label="MSP">
                <Money value={unit.maxSellingPrice} />
              </Field>
              <Field label="BSP">
                <Money value={unit.baseSellingPrice} />
              </Field>
              <Field label="Sale value">
                <Money value={unit.totalSaleValue} />
              </Field>
              <Field label="Amount received">
                <Money value={unit.amountToBeReceived} />
              </Field>
              <Field label="NOC type">
                <NocType unit={unit} />
              </Field>
            </Stack>
            {action}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** SPEC §2: the NOC type comes from the NOC file present; none yet reads as such. */
function NocType({ unit }: { unit: CheckerUnit }) {
  return (
    unit.nocType ?? (
      <Text span c="dimmed">
        Not uploaded
      </Text>
    )
  );
}
