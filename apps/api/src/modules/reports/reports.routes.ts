import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RejectionReportQuerySchema, RejectionReportResponseSchema } from '@portal/domain';
import { REJECTION_REPORT_PATH } from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { rejectionReport } from './rejection-report.ts';

/** Reports for the lender's checkers and administrators, read from the decision log. */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(
    REJECTION_REPORT_PATH,
    {
      config: { roles: ['approver', 'admin'] },
      schema: {
        tags: ['reports'],
        summary:
          'File rejections by reason code and file type, and the median time to a final decision',
        querystring: RejectionReportQuerySchema,
        response: { 200: RejectionReportResponseSchema },
      },
    },
    async (request) => ({ report: await rejectionReport(db, request.query, timeZone) }),
  );
};
