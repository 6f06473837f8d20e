import { formatRupees } from '@portal/domain';

/**
 * docs/product.md#quality, #look-and-feel: '₹1,23,45,678.00'. Kept on one line with even-width digits so
 * amounts line up in table columns.
 */
export function Money({ value }: { value: string | number }) {
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatRupees(value)}
    </span>
  );
}
