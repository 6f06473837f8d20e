import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BulkSubmitBodySchema,
  CheckerListParamsSchema,
  CheckerListQuerySchema,
  CheckerUnitListResponseSchema,
  DomainError,
  HistoryResponseSchema,
  ProjectUnitsQuerySchema,
  RoleSchema,
  UnitBulkSubmitResponseSchema,
  UnitResponseSchema,
  UnitSendBackBodySchema,
  UnitUpdateBodySchema,
} from '@portal/domain';
import {
  UNITS_PATH,
  UNITS_SUBMIT_PATH,
  UNIT_CHECKER_LIST_PATH,
  UNIT_FILES_PATH,
  UNIT_HISTORY_PATH,
  UNIT_PATH,
  UNIT_SEND_BACK_PATH,
} from '@portal/domain/api-paths';
import { requireUser } from '../../plugins/auth.ts';
import { changeSetStatus, submitSets } from '../documents/change-set-status.ts';
import { documentFileRoutes } from '../documents/document-files.routes.ts';
import type { ChangedSet, DocumentDeps } from '../documents/document-set.ts';
import { sendBackFirstApproval } from '../documents/noc-release.ts';
import { documentSetHistory } from '../documents/read-documents.ts';
import { unitDocumentSet } from './unit-document-set.ts';
import type { UnitWithOwners } from './units.repository.ts';
import { getProjectUnit, listProjectUnits, listUnitsByStatus, toUnit } from './units.service.ts';

const anyone = RoleSchema.options;
const tags = ['units'];
const ProjectParams = z.object({ projectKey: z.string().min(1) });
const UnitParams = ProjectParams.extend({ unitKey: z.string().min(1) });

export const unitsRoutes: FastifyPluginAsyncZod<{ deps: DocumentDeps }> = async (app, { deps }) => {
  const { db } = deps;
  // Four-eyes NOC release: the screens offer a first approval or a confirmation by this.
  const approvalsRequired = deps.nocTwoApprovers ? 2 : 1;
  // A change answers the unit as it left it, from the one read of the unit its service made.
  const unitAnswer = ({ row, files }: ChangedSet<UnitWithOwners>) => ({
    unit: { ...toUnit(row, files), approvalsRequired },
  });

  app.get(
    UNIT_CHECKER_LIST_PATH,
    {
      config: { roles: anyone },
      schema: {
        tags,
        summary: 'Unit checker list (NOC Checker / Unit Status): one status or ALL, searchable',
        params: CheckerListParamsSchema,
        querystring: CheckerListQuerySchema,
        response: { 200: CheckerUnitListResponseSchema },
      },
    },
    async (request) =>
      listUnitsByStatus(db, requireUser(request), request.params.status, request.query),
  );

  app.get(
    UNITS_PATH,
    {
      config: { roles: anyone },
      schema: {
        tags,
        params: ProjectParams,
        querystring: ProjectUnitsQuerySchema,
        response: { 200: CheckerUnitListResponseSchema },
      },
    },
    async (request) =>
      listProjectUnits(db, requireUser(request), request.params.projectKey, request.query),
  );

  app.get(
    UNIT_PATH,
    {
      config: { roles: anyone },
      schema: { tags, params: UnitParams, response: { 200: UnitResponseSchema } },
    },
    async (request) => ({
      unit: {
        ...(await getProjectUnit(
          db,
          requireUser(request),
          request.params.projectKey,
          request.params.unitKey,
        )),
        approvalsRequired,
      },
    }),
  );

  app.put(
    UNIT_PATH,
    {
      config: { roles: ['client', 'approver', 'admin'] },
      schema: {
        tags,
        summary: 'Request a status change: PENDING_APPROVAL submits, APPROVED/REJECTED finalises',
        params: UnitParams,
        body: UnitUpdateBodySchema,
        response: { 200: UnitResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { projectKey, unitKey } = request.params;
      if (!request.body.approvalStatus) {
        // Another borrower's unit is 404 whatever the body asks.
        await getProjectUnit(db, user, projectKey, unitKey);
        throw new DomainError('VALIDATION_FAILED', {
          message: 'domain.error.VALIDATION_FAILED.unitDetails',
          field: 'approvalStatus',
        });
      }
      const changed = await changeSetStatus(
        unitDocumentSet,
        deps,
        user,
        { key: unitKey, within: projectKey },
        request.body.approvalStatus,
        request.body.version,
      );
      return unitAnswer(changed);
    },
  );

  app.post(
    UNIT_SEND_BACK_PATH,
    {
      config: { roles: ['approver', 'admin'] },
      schema: {
        tags,
        summary:
          'Four-eyes NOC release: a second approver sends the first approval back (the unit stays PENDING_APPROVAL)',
        params: UnitParams,
        body: UnitSendBackBodySchema,
        response: { 200: UnitResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { projectKey, unitKey } = request.params;
      const ref = { key: unitKey, within: projectKey };
      return unitAnswer(
        await sendBackFirstApproval(unitDocumentSet, deps, user, ref, request.body.version),
      );
    },
  );

  app.get(
    UNIT_HISTORY_PATH,
    {
      config: { roles: anyone },
      schema: { tags, params: UnitParams, response: { 200: HistoryResponseSchema } },
    },
    async (request) => {
      const { projectKey, unitKey } = request.params;
      return documentSetHistory(unitDocumentSet, deps, requireUser(request), {
        key: unitKey,
        within: projectKey,
      });
    },
  );

  app.post(
    UNITS_SUBMIT_PATH,
    {
      config: { roles: ['client'] },
      schema: { tags, body: BulkSubmitBodySchema, response: { 200: UnitBulkSubmitResponseSchema } },
    },
    async (request) => {
      const submitted = await submitSets(
        unitDocumentSet,
        deps,
        requireUser(request),
        request.body.keys,
      );
      return { units: submitted.map(({ row, files }) => toUnit(row, files)) };
    },
  );

  await app.register(documentFileRoutes, {
    def: unitDocumentSet,
    deps,
    basePath: UNIT_FILES_PATH,
    tag: 'unit files',
  });
};
