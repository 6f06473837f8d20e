import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CollateralCalendarResponseSchema,
  MonitoringCalendarQuerySchema,
  MonitoringCalendarResponseSchema,
  RoleSchema,
} from '@portal/domain';
import {
  ACCOUNT_CALENDAR_PATH,
  COLLATERAL_CALENDAR_PATH,
  MONITORING_CALENDAR_PATH,
} from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { requireUser, STAFF_ROLES } from '../../plugins/auth.ts';
import { visibleAccount } from '../collaterals/collaterals.service.ts';
import { collateralCalendar, listCalendar, type CalendarClock } from './monitoring.service.ts';

const tags = ['monitoring calendar'];
const AccountParams = z.object({ accountId: z.string().min(1) });

export const monitoringRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: CalendarClock;
}> = async (app, { db, clock }) => {
  app.get(
    COLLATERAL_CALENDAR_PATH,
    {
      config: { roles: RoleSchema.options },
      schema: {
        tags,
        summary: 'A collateral’s expected monitoring periods with their state and due date',
        params: AccountParams.extend({ collateralKey: z.string().min(1) }),
        response: { 200: CollateralCalendarResponseSchema },
      },
    },
    async (request) =>
      collateralCalendar(
        db,
        requireUser(request),
        request.params.accountId,
        request.params.collateralKey,
        clock,
      ),
  );

  app.get(
    ACCOUNT_CALENDAR_PATH,
    {
      config: { roles: RoleSchema.options },
      schema: {
        tags,
        summary: 'An account’s collaterals × periods, by days overdue, paged',
        params: AccountParams,
        querystring: MonitoringCalendarQuerySchema,
        response: { 200: MonitoringCalendarResponseSchema },
      },
    },
    async (request) =>
      listCalendar(
        db,
        { accountKey: visibleAccount(requireUser(request), request.params.accountId) },
        request.query,
        clock,
      ),
  );

  app.get(
    MONITORING_CALENDAR_PATH,
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags,
        summary: 'Every account’s collaterals × periods (staff), by days overdue, paged',
        querystring: MonitoringCalendarQuerySchema,
        response: { 200: MonitoringCalendarResponseSchema },
      },
    },
    async (request) => listCalendar(db, {}, request.query, clock),
  );
};
