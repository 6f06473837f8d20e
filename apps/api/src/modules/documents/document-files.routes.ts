import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FileCreateBodySchema,
  FileListQuerySchema,
  FileListResponseSchema,
  FileResponseSchema,
  FileUpdateBodySchema,
  invalid,
  RoleSchema,
} from '@portal/domain';
import { FILE_COMPLETE_IN_SET_PATH, FILE_IN_SET_PATH } from '@portal/domain/api-paths';
import { requireUser } from '../../plugins/auth.ts';
import type { DocumentDeps, DocumentSetDefinition } from './document-set.ts';
import { getDocument, listDocuments } from './read-documents.ts';
import { discardDocument, updateDocument } from './review-document.ts';
import { completeUpload, startUpload } from './upload-document.ts';

export interface DocumentFileRouteOptions {
  def: DocumentSetDefinition;
  deps: DocumentDeps;
  /** e.g. `/api/units/:parentKey/files` — one set of routes per kind, one implementation. */
  basePath: string;
  tag: string;
}

const anyone = RoleSchema.options;
const ParentParams = z.object({ parentKey: z.string().min(1) });
const FileParams = ParentParams.extend({
  fileId: z.string().uuid(invalid('domain.error.VALIDATION_FAILED.fileId')),
});

export const documentFileRoutes: FastifyPluginAsyncZod<DocumentFileRouteOptions> = async (
  app,
  options,
) => {
  const { def, deps, basePath } = options;
  const tags = [options.tag];

  app.get(
    basePath,
    {
      config: { roles: anyone },
      schema: {
        tags,
        params: ParentParams,
        querystring: FileListQuerySchema,
        response: { 200: FileListResponseSchema },
      },
    },
    async (request) =>
      listDocuments(def, deps, requireUser(request), request.params.parentKey, request.query),
  );

  app.post(
    basePath,
    {
      config: { roles: ['client'] },
      schema: {
        tags,
        params: ParentParams,
        body: FileCreateBodySchema,
        response: { 201: FileResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await startUpload(
            def,
            deps,
            requireUser(request),
            request.params.parentKey,
            request.body,
          ),
        ),
  );

  app.post(
    `${basePath}${FILE_COMPLETE_IN_SET_PATH}`,
    {
      config: { roles: ['client'] },
      schema: { tags, params: FileParams, response: { 200: FileResponseSchema } },
    },
    async (request) =>
      completeUpload(
        def,
        deps,
        requireUser(request),
        request.params.parentKey,
        request.params.fileId,
      ),
  );

  app.get(
    `${basePath}${FILE_IN_SET_PATH}`,
    {
      config: { roles: anyone },
      schema: { tags, params: FileParams, response: { 200: FileResponseSchema } },
    },
    async (request) =>
      getDocument(def, deps, requireUser(request), request.params.parentKey, request.params.fileId),
  );

  app.put(
    `${basePath}${FILE_IN_SET_PATH}`,
    {
      config: { roles: ['client', 'approver', 'admin'] },
      schema: {
        tags,
        params: FileParams,
        body: FileUpdateBodySchema,
        response: { 200: FileResponseSchema },
      },
    },
    async (request) =>
      updateDocument(
        def,
        deps,
        requireUser(request),
        request.params.parentKey,
        request.params.fileId,
        request.body,
      ),
  );

  app.delete(
    `${basePath}${FILE_IN_SET_PATH}`,
    { config: { roles: ['client'] }, schema: { tags, params: FileParams } },
    async (request, reply) => {
      await discardDocument(
        def,
        deps,
        requireUser(request),
        request.params.parentKey,
        request.params.fileId,
      );
      return reply.status(204).send();
    },
  );
};
