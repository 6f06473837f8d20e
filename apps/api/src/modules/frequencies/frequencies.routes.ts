import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BulkSubmitBodySchema,
  CheckerFrequencyListResponseSchema,
  CheckerListParamsSchema,
  CheckerListQuerySchema,
  DomainError,
  FrequencyBulkSubmitResponseSchema,
  FrequencyCreateBodySchema,
  FrequencyListQuerySchema,
  FrequencyListResponseSchema,
  FrequencyResponseSchema,
  FrequencyUpdateBodySchema,
  HistoryResponseSchema,
  RoleSchema,
} from '@portal/domain';
import {
  FREQUENCIES_PATH,
  FREQUENCIES_SUBMIT_PATH,
  FREQUENCY_CHECKER_LIST_PATH,
  FREQUENCY_FILES_PATH,
  FREQUENCY_HISTORY_PATH,
  FREQUENCY_PATH,
} from '@portal/domain/api-paths';
import { requireUser } from '../../plugins/auth.ts';
import { changeSetStatus, submitSets } from '../documents/change-set-status.ts';
import { documentFileRoutes } from '../documents/document-files.routes.ts';
import type { DocumentDeps } from '../documents/document-set.ts';
import { documentSetHistory } from '../documents/read-documents.ts';
import {
  addFrequency,
  getFrequency,
  listFrequencies,
  listFrequenciesByStatus,
  toFrequency,
  withoutNames,
} from './frequencies.service.ts';
import { frequencyDocumentSet } from './frequency-document-set.ts';

const anyone = RoleSchema.options;
const tags = ['monitoring frequencies'];
const CollateralParams = z.object({ collateralKey: z.string().min(1) });
const FrequencyParams = CollateralParams.extend({ frequencyKey: z.string().min(1) });

export const frequenciesRoutes: FastifyPluginAsyncZod<{
  deps: DocumentDeps;
  timeZone: string;
}> = async (app, { deps, timeZone }) => {
  const { db } = deps;

  app.get(
    FREQUENCY_CHECKER_LIST_PATH,
    {
      config: { roles: anyone },
      schema: {
        tags,
        summary:
          'Collateral checker list (Collateral Checker / Collateral Status): one status or ALL, searchable',
        params: CheckerListParamsSchema,
        querystring: CheckerListQuerySchema,
        response: { 200: CheckerFrequencyListResponseSchema },
      },
    },
    async (request) =>
      listFrequenciesByStatus(
        db,
        requireUser(request),
        request.params.status,
        request.query,
        timeZone,
      ),
  );

  app.post(
    FREQUENCIES_PATH,
    {
      config: { roles: ['client'] },
      schema: {
        tags,
        params: CollateralParams,
        body: FrequencyCreateBodySchema,
        response: { 201: FrequencyResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await addFrequency(
        db,
        requireUser(request),
        request.params.collateralKey,
        request.body,
        timeZone,
      );
      return reply.status(201).send({ frequency: withoutNames(created) });
    },
  );

  app.get(
    FREQUENCIES_PATH,
    {
      config: { roles: anyone },
      schema: {
        tags,
        params: CollateralParams,
        querystring: FrequencyListQuerySchema,
        response: { 200: FrequencyListResponseSchema },
      },
    },
    async (request) =>
      listFrequencies(
        db,
        requireUser(request),
        request.params.collateralKey,
        request.query,
        timeZone,
      ),
  );

  app.get(
    FREQUENCY_PATH,
    {
      config: { roles: anyone },
      schema: { tags, params: FrequencyParams, response: { 200: FrequencyResponseSchema } },
    },
    async (request) => ({
      frequency: withoutNames(
        await getFrequency(
          db,
          requireUser(request),
          request.params.frequencyKey,
          timeZone,
          request.params.collateralKey,
        ),
      ),
    }),
  );

  app.put(
    FREQUENCY_PATH,
    {
      config: { roles: ['client', 'approver', 'admin'] },
      schema: {
        tags,
        summary:
          'Request a status change: PENDING_APPROVAL submits, APPROVED/REJECTED finalises, NOT_RAISED reopens',
        params: FrequencyParams,
        body: FrequencyUpdateBodySchema,
        response: { 200: FrequencyResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { collateralKey, frequencyKey } = request.params;
      if (!request.body.approvalStatus) {
        // Another borrower's frequency is 404 whatever the body asks.
        await getFrequency(db, user, frequencyKey, timeZone, collateralKey);
        throw new DomainError('VALIDATION_FAILED', {
          message: 'domain.error.VALIDATION_FAILED.frequencyPeriod',
          field: 'approvalStatus',
        });
      }
      // The answer is the frequency as the change left it, from the change's one read of it.
      const { row, files } = await changeSetStatus(
        frequencyDocumentSet,
        deps,
        user,
        { key: frequencyKey, within: collateralKey },
        request.body.approvalStatus,
        request.body.version,
      );
      return { frequency: withoutNames(toFrequency(row, files, timeZone)) };
    },
  );

  app.get(
    FREQUENCY_HISTORY_PATH,
    {
      config: { roles: anyone },
      schema: { tags, params: FrequencyParams, response: { 200: HistoryResponseSchema } },
    },
    async (request) => {
      const { collateralKey, frequencyKey } = request.params;
      return documentSetHistory(frequencyDocumentSet, deps, requireUser(request), {
        key: frequencyKey,
        within: collateralKey,
      });
    },
  );

  app.post(
    FREQUENCIES_SUBMIT_PATH,
    {
      config: { roles: ['client'] },
      schema: {
        tags,
        body: BulkSubmitBodySchema,
        response: { 200: FrequencyBulkSubmitResponseSchema },
      },
    },
    async (request) => {
      const submitted = await submitSets(
        frequencyDocumentSet,
        deps,
        requireUser(request),
        request.body.keys,
      );
      return {
        frequencies: submitted.map(({ row, files }) =>
          withoutNames(toFrequency(row, files, timeZone)),
        ),
      };
    },
  );

  await app.register(documentFileRoutes, {
    def: frequencyDocumentSet,
    deps,
    basePath: FREQUENCY_FILES_PATH,
    tag: 'frequency files',
  });
};
