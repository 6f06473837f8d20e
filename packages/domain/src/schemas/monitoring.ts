import { z } from 'zod';
import { BooleanQuerySchema, ListMetaSchema, PaginationQuerySchema } from '../lists.ts';
import { CALENDAR_STATES } from '../rules/monitoring-calendar.ts';
import { invalid } from '../translate.ts';

// ---------------------------------------------------------------- the lender's import

export const MonitoringFrequencySchema = z.union([z.literal(1), z.literal(3)], {
  error: invalid('domain.error.VALIDATION_FAILED.monitoringFrequency'),
});

const DUE_DAY_MESSAGE = invalid('domain.error.VALIDATION_FAILED.dueDay', { max: 28 });
export const DueDaySchema = z
  .number({ error: DUE_DAY_MESSAGE })
  .int(DUE_DAY_MESSAGE)
  .min(1, DUE_DAY_MESSAGE)
  .max(28, DUE_DAY_MESSAGE);
export const DEFAULT_DUE_DAY = 15;

const SINCE_MESSAGE = invalid('domain.error.VALIDATION_FAILED.since');
export const MonitoringSinceSchema = z
  .string({ error: SINCE_MESSAGE })
  .trim()
  .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, SINCE_MESSAGE);

/**
 * A collateral's calendar fields on import. The import carries the whole record: a collateral
 * sent without `monitoringFrequency` has no calendar; `since` comes with it and only with it.
 */
export const ImportMonitoringFields = {
  monitoringFrequency: MonitoringFrequencySchema.nullish(),
  /** DEFAULT_DUE_DAY when left out. */
  dueDay: DueDaySchema.optional(),
  since: MonitoringSinceSchema.nullish(),
};

export function checkMonitoringFields(
  collateral: {
    monitoringFrequency?: number | null | undefined;
    since?: string | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (collateral.monitoringFrequency != null && collateral.since == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['since'],
      message: invalid('domain.error.VALIDATION_FAILED.sinceWithFrequency'),
    });
  }
  if (collateral.monitoringFrequency == null && collateral.since != null) {
    ctx.addIssue({
      code: 'custom',
      path: ['monitoringFrequency'],
      message: invalid('domain.error.VALIDATION_FAILED.frequencyWithSince'),
    });
  }
}

// ---------------------------------------------------------------- calendar reads

export const CalendarStateSchema = z.enum(CALENDAR_STATES);

/** `overdue=true` keeps overdue periods only; most days overdue first by default. */
export const CalendarSortSchema = z.enum(['mostOverdueFirst', 'leastOverdueFirst']);
export type CalendarSort = z.infer<typeof CalendarSortSchema>;

export const MonitoringCalendarQuerySchema = PaginationQuerySchema.extend({
  overdue: BooleanQuerySchema.default(false),
  sort: CalendarSortSchema.default('mostOverdueFirst'),
});
export type MonitoringCalendarQuery = z.infer<typeof MonitoringCalendarQuerySchema>;

export const CalendarPeriodSchema = z.object({
  frequency: z.union([z.literal(1), z.literal(3)]),
  month: z.number().int(),
  year: z.number().int(),
  dueDate: z.string(),
  state: CalendarStateSchema,
  daysOverdue: z.number().int().nonnegative(),
  frequencyKey: z.string().nullable(),
});

export const CollateralCalendarSchema = z.object({
  key: z.string(),
  accountId: z.string(),
  collateralName: z.string(),
  monitoringFrequency: z.union([z.literal(1), z.literal(3)]).nullable(),
  dueDay: z.number().int(),
  /** `YYYY-MM`, null without a calendar. */
  since: z.string().nullable(),
});

/** `GET /api/accounts/{a}/collaterals/{c}/calendar`: every expected period, newest first. */
export const CollateralCalendarResponseSchema = z.object({
  collateral: CollateralCalendarSchema,
  periods: z.array(CalendarPeriodSchema),
});
export type CollateralCalendarResponse = z.infer<typeof CollateralCalendarResponseSchema>;

export const CalendarEntrySchema = CalendarPeriodSchema.extend({
  collateralKey: z.string(),
  collateralName: z.string(),
  accountId: z.string(),
  accountName: z.string(),
});
export type CalendarEntry = z.infer<typeof CalendarEntrySchema>;

/** `GET /api/monitoring/calendar` and an account's calendar: collaterals × periods, paged. */
export const MonitoringCalendarResponseSchema = z.object({
  periods: z.array(CalendarEntrySchema),
  meta: ListMetaSchema,
});
export type MonitoringCalendarResponse = z.infer<typeof MonitoringCalendarResponseSchema>;
