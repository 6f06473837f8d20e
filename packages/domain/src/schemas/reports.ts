import { z } from 'zod';
import { RejectionReasonSchema } from '../rejection-reasons.ts';
import { invalid } from '../translate.ts';
import { requiredIsoDate } from './requests.ts';

/** The rejection report covers whole days, `from` to `to` inclusive, in the business time zone. */
export const RejectionReportQuerySchema = z
  .object({
    from: requiredIsoDate(invalid('domain.error.VALIDATION_FAILED.fromRequired')),
    to: requiredIsoDate(invalid('domain.error.VALIDATION_FAILED.toRequired')),
  })
  .refine((query) => query.from <= query.to, {
    path: ['to'],
    message: invalid('domain.error.VALIDATION_FAILED.toAfterFrom'),
    when: (payload) => payload.issues.length === 0,
  });
export type RejectionReportQuery = z.infer<typeof RejectionReportQuerySchema>;

const SetKindSchema = z.enum(['unit', 'frequency']);
const CountSchema = z.number().int().nonnegative();

export const RejectionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Files rejected in the period (a decision changed to a rejection counts too). */
  totalRejections: CountSchema,
  /** Every reason of the list, in its order, zero included. */
  byReason: z.array(z.object({ reason: RejectionReasonSchema, count: CountSchema })),
  /** Each file type with a rejection, most rejected first, with its reasons (the cross table). */
  byFileType: z.array(
    z.object({
      kind: SetKindSchema,
      fileType: z.string(),
      count: CountSchema,
      byReason: z.array(z.object({ reason: RejectionReasonSchema, count: CountSchema })),
    }),
  ),
  /**
   * Per kind of document set, its final decisions in the period and the median time from the
   * set's submission to its final decision, in seconds (null without decisions).
   */
  decisionTimes: z.array(
    z.object({
      kind: SetKindSchema,
      decisions: CountSchema,
      medianSeconds: z.number().nonnegative().nullable(),
    }),
  ),
});
export type RejectionReport = z.infer<typeof RejectionReportSchema>;

export const RejectionReportResponseSchema = z.object({ report: RejectionReportSchema });
export type RejectionReportResponse = z.infer<typeof RejectionReportResponseSchema>;
