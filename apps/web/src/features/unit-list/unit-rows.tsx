import type { ReactNode } from 'react';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { unitCheckerLabel, type CheckerUnit } from '@portal/domain';
import { submittedColumns } from '../../components/checker-list/queue-age';
import { AgeWithSignals } from '../../components/checker-list/queue-signals';
import { StatusActionButton } from '../../components/checker-list/status-action-button';
import {
  SelectForSubmit,
  type RowSelection,
} from '../../components/checker-list/submit-to-checker';
import { Money } from '../../components/money';
import queueTable from '../../components/checker-list/queue-table.module.css';
import scrollCue from '../../components/scroll-cue.module.css';
import { NocLetterDownloadButton } from '../documents/noc-letter-actions';
import { unitNocLetterPath } from '../documents/document-set-ref';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/unitList';

addMessages(messages);

/** Mantine's `sm` breakpoint: below it the units are cards (docs/product.md#look-and-feel). */
const PHONE_QUERY = '(max-width: 48em)';

interface UnitRowsProps {
  units: CheckerUnit[];
  /** Borrowers tick the units they submit; staff get no selection column. */
  selection: RowSelection<CheckerUnit> | null;
  /** The queue's columns (loan, submitted, age) on the status screens; a project's list has one loan. */
  withQueueColumns: boolean;
  onOpen: (unit: CheckerUnit) => void;
  disabled: boolean;
}

interface UnitItem {
  unit: CheckerUnit;
  select: ReactNode;
  action: ReactNode;
  submitted: string;
  age: string;
}

/** docs/product.md#screens unit listing columns; a table on wide screens, one card per unit on phones. */
export function UnitRows({ units, selection, withQueueColumns, onOpen, disabled }: UnitRowsProps) {
  const { _ } = useLingui();
  // Read at once rather than after mount, so a phone never flashes the table first.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const items: UnitItem[] = units.map((unit) => ({
    unit,
    select: (
      <SelectForSubmit
        selection={selection}
        row={unit}
        label={_('unitList.selectRow', { name: unit.name })}
      />
    ),
    // docs/product.md#screens: the action shows the status and opens the unit's documents.
    action: (
      <Group gap="xs">
        <StatusActionButton
          status={unit.approvalStatus}
          label={unitCheckerLabel(
            unit.approvalStatus,
            unit.firstApproval !== null,
            currentLanguage(),
          )}
          of={_('unitList.documentsOf', { name: unit.name })}
          disabled={disabled}
          onClick={() => onOpen(unit)}
        />
        {unit.approvalStatus === 'APPROVED' && (
          <NocLetterDownloadButton nocLetterPath={unitNocLetterPath(unit)} label={unit.name} />
        )}
      </Group>
    ),
    ...submittedColumns(unit),
  }));
  return isPhone ? (
    <UnitCards items={items} withQueueColumns={withQueueColumns} />
  ) : (
    <UnitTable items={items} withSelect={selection !== null} withQueueColumns={withQueueColumns} />
  );
}

function UnitTable({
  items,
  withSelect,
  withQueueColumns,
}: {
  items: UnitItem[];
  withSelect: boolean;
  withQueueColumns: boolean;
}) {
  const { _ } = useLingui();
  return (
    // A narrow window that is not a phone scrolls the table inside its box, not the page.
    <Table.ScrollContainer
      minWidth={withQueueColumns ? 1560 : 1280}
      type="native"
      className={scrollCue.cue}
    >
      <Table
        aria-label={_('unitList.tableLabel')}
        className={queueTable.table}
        highlightOnHover
        verticalSpacing="sm"
      >
        <Table.Thead>
          <Table.Tr>
            {withSelect && <Table.Th>{_('unitList.columnSelect')}</Table.Th>}
            <Table.Th>{_('unitList.columnAccount')}</Table.Th>
            {withQueueColumns && <Table.Th>{_('unitList.columnLoan')}</Table.Th>}
            <Table.Th>{_('unitList.columnProject')}</Table.Th>
            <Table.Th>{_('unitList.columnTower')}</Table.Th>
            <Table.Th>{_('unitList.columnFloor')}</Table.Th>
            <Table.Th>{_('unitList.columnUnit')}</Table.Th>
            <Table.Th>{_('unitList.columnCustomer')}</Table.Th>
            <Table.Th ta="right">
              <abbr title={_('unitList.mspTitle')}>{_('unitList.msp')}</abbr>
            </Table.Th>
            <Table.Th ta="right">
              <abbr title={_('unitList.bspTitle')}>{_('unitList.bsp')}</abbr>
            </Table.Th>
            <Table.Th ta="right">{_('unitList.columnSaleValue')}</Table.Th>
            <Table.Th ta="right">{_('unitList.columnReceived')}</Table.Th>
            <Table.Th>{_('unitList.columnNocType')}</Table.Th>
            {withQueueColumns && (
              <>
                <Table.Th>{_('unitList.columnSubmitted')}</Table.Th>
                <Table.Th className={queueTable.pinnedAge}>{_('unitList.columnAge')}</Table.Th>
              </>
            )}
            <Table.Th className={queueTable.pinnedAction}>{_('unitList.columnAction')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map(({ unit, select, action, submitted, age }) => (
            <Table.Tr key={unit.key}>
              {withSelect && <Table.Td>{select}</Table.Td>}
              <Table.Td>{unit.accountName}</Table.Td>
              {withQueueColumns && <Table.Td>{unit.opportunityName}</Table.Td>}
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
              {withQueueColumns && (
                <>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{submitted}</Table.Td>
                  <Table.Td className={queueTable.pinnedAge}>
                    <AgeWithSignals age={age} fraudFlagCount={unit.fraudFlagCount} />
                  </Table.Td>
                </>
              )}
              <Table.Td className={queueTable.pinnedAction}>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UnitCards({ items, withQueueColumns }: { items: UnitItem[]; withQueueColumns: boolean }) {
  const { _ } = useLingui();
  return (
    <Stack
      component="ul"
      aria-label={_('unitList.tableLabel')}
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {items.map(({ unit, select, action, submitted, age }) => (
        <Paper component="li" key={unit.key} withBorder p="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {select}
              <div>
                <Text fw={600}>
                  {_('unitList.cardHeading', {
                    unit: unit.unit,
                    tower: unit.tower,
                    floor: unit.floor,
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {unit.projectName} · {unit.accountName}
                </Text>
              </div>
            </Group>
            <Stack component="dl" gap={4} m={0}>
              {withQueueColumns && (
                <Field label={_('unitList.columnLoan')}>{unit.opportunityName}</Field>
              )}
              <Field label={_('unitList.columnCustomer')}>{unit.customerName}</Field>
              <Field label={_('unitList.msp')}>
                <Money value={unit.maxSellingPrice} />
              </Field>
              <Field label={_('unitList.bsp')}>
                <Money value={unit.baseSellingPrice} />
              </Field>
              <Field label={_('unitList.columnSaleValue')}>
                <Money value={unit.totalSaleValue} />
              </Field>
              <Field label={_('unitList.columnReceived')}>
                <Money value={unit.amountToBeReceived} />
              </Field>
              <Field label={_('unitList.columnNocType')}>
                <NocType unit={unit} />
              </Field>
              {withQueueColumns && (
                <>
                  <Field label={_('unitList.columnSubmitted')}>{submitted}</Field>
                  <Field label={_('unitList.columnAge')}>
                    <AgeWithSignals age={age} fraudFlagCount={unit.fraudFlagCount} />
                  </Field>
                </>
              )}
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

/** docs/product.md#screens: the NOC type comes from the NOC file present; none yet reads as such. */
function NocType({ unit }: { unit: CheckerUnit }) {
  const { _ } = useLingui();
  return unit.nocType ? (
    _(`unitList.nocType.${unit.nocType}`)
  ) : (
    <Text span c="dimmed">
      {_('unitList.nocNotUploaded')}
    </Text>
  );
}
