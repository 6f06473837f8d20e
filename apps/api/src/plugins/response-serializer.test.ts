import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import {
  AcceptedResponseSchema,
  AccountListResponseSchema,
  AuthProvidersResponseSchema,
  CheckerFrequencyListResponseSchema,
  CheckerUnitListResponseSchema,
  DocumentSearchResponseSchema,
  FileListResponseSchema,
  FileResponseSchema,
  FrequencyResponseSchema,
  HistoryResponseSchema,
  ImportResponseSchema,
  LoanStatementRequestListResponseSchema,
  OpportunityListResponseSchema,
  SigninResponseSchema,
  TodoResponseSchema,
  UnitBulkSubmitResponseSchema,
  UnitListResponseSchema,
  UserListResponseSchema,
} from '@portal/domain';
import {
  compileResponseSerializer,
  createResponseSerializerCompiler,
} from './response-serializer.ts';

/** What the checking serialiser writes for a valid answer: the zod-parsed value, stringified. */
const reference = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

function compiled(schema: z.ZodType) {
  const serialize = compileResponseSerializer(schema);
  if (!serialize) throw new Error('expected a compiled serialiser');
  return serialize;
}

const REAL_SCHEMAS = {
  AcceptedResponseSchema,
  AccountListResponseSchema,
  AuthProvidersResponseSchema,
  CheckerFrequencyListResponseSchema,
  CheckerUnitListResponseSchema,
  DocumentSearchResponseSchema,
  FileListResponseSchema,
  FileResponseSchema,
  FrequencyResponseSchema,
  HistoryResponseSchema,
  ImportResponseSchema,
  LoanStatementRequestListResponseSchema,
  OpportunityListResponseSchema,
  TodoResponseSchema,
  UnitBulkSubmitResponseSchema,
  UnitListResponseSchema,
  UserListResponseSchema,
};

// Strings that trip up hand-written JSON writers: quotes, backslashes, control characters,
// line separators, lone surrogates, long runs.
const awkwardString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    '"',
    '\\',
    '\u0000',
    '\n\t',
    '\u2028\u2029',
    '\ud800',
    'x'.repeat(80) + '\udfff',
  ),
);

/** Any JSON-ish value, Dates included (JSON.stringify writes them as ISO strings). */
const anything = fc.oneof(
  fc.jsonValue(),
  fc.date({ noInvalidDate: true }),
  fc.constant(undefined),
  fc.record({ at: fc.date({ noInvalidDate: true }), note: awkwardString }),
);

/** Values the zod schema accepts, with undeclared fields added to every object. */
function valuesOf(schema: $ZodType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as {
    type: string;
    entries: Record<string, string>;
    values: unknown[];
    innerType: $ZodType;
    element: $ZodType;
    options: $ZodType[];
    valueType: $ZodType;
    shape: Record<string, $ZodType>;
  };
  switch (def.type) {
    case 'string':
      return awkwardString;
    case 'number': {
      const bounds = z.toJSONSchema(schema) as {
        type: string;
        minimum?: number;
        exclusiveMinimum?: number;
        maximum?: number;
      };
      return bounds.type === 'integer'
        ? fc.integer({
            min: bounds.minimum ?? (bounds.exclusiveMinimum ?? -(2 ** 40)) + 1,
            max: Math.min(bounds.maximum ?? 2 ** 40, 2 ** 40),
          })
        : fc.double({ noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'unknown':
      return anything;
    case 'nullable':
      return fc.option(valuesOf(def.innerType), { nil: null });
    case 'optional':
      return fc.option(valuesOf(def.innerType), { nil: undefined });
    case 'array':
      return fc.array(valuesOf(def.element), { maxLength: 3 });
    case 'union':
      return fc.oneof(...def.options.map(valuesOf));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), valuesOf(def.valueType), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valuesOf(v)]));
      // Optional fields are sometimes absent; required ones always there.
      const requiredKeys = Object.keys(shape).filter((k) => shape[k]!._zod.optout !== 'optional');
      return fc
        .tuple(
          fc.record(fields, { requiredKeys }),
          fc.dictionary(fc.constantFrom('extra', 'passwordHash', 'rowNumber'), anything),
        )
        .map(([declared, extra]) => ({ ...extra, ...declared }));
    }
    default:
      throw new Error(`no generator for ${def.type}`);
  }
}

describe('compiled response serialisers', () => {
  it.each(Object.entries(REAL_SCHEMAS))(
    '%s: writes exactly JSON.stringify of the zod-parsed answer',
    (_name, schema) => {
      const serialize = compiled(schema);
      fc.assert(
        fc.property(valuesOf(schema), (data) => {
          expect(serialize(data)).toBe(reference(schema, data));
        }),
        { numRuns: 150 },
      );
    },
  );

  it('drops undeclared fields, at every depth', () => {
    const data = {
      users: [
        {
          id: 'u1',
          username: 'ACC1001',
          email: 'a@example.com',
          role: 'client',
          disabled: false,
          accountKey: 'ACC1001',
          name: 'Asha',
          passwordHash: '$argon2id$…',
        },
      ],
      meta: { count: 1, page: 1, perPage: 10, totalPages: 1, totalRecords: 1, sql: 'select …' },
      debug: { query: 'select …' },
    };
    const written = compiled(UserListResponseSchema)(data);
    expect(written).not.toContain('passwordHash');
    expect(written).not.toContain('select');
    expect(written).toBe(reference(UserListResponseSchema, data));
  });

  it('writes null for nullable fields and leaves absent optional fields out', () => {
    const entry = {
      file: {
        key: 'f1',
        fileName: null,
        fileHash: null,
        fileType: 'OTHER',
        size: null,
        contentType: null,
        approvalStatus: 'NOT_RAISED',
        borrowerRemarks: 'remarks only',
        approverRemarks: null,
        rejectionReason: null,
        uploadedBy: 'ACC1001',
        reviewedBy: null,
        reviewedAt: null,
        replacesKey: null,
        previousReview: {
          approvalStatus: 'REJECTED',
          approverRemarks: 'Blurred',
          rejectionReason: 'ILLEGIBLE',
          reviewedBy: { username: 'approver', role: 'approver' },
          reviewedAt: '2026-03-01T10:00:00.000Z',
        },
        createdAt: '2026-03-01T09:00:00.000Z',
        updatedAt: '2026-03-01T09:30:00.000Z',
        deletedAt: null,
      },
      meta: { presignedUrl: null },
    };
    const written = compiled(FileResponseSchema)(entry);
    expect(written).toBe(reference(FileResponseSchema, entry));
    expect(JSON.parse(written).meta).toEqual({ presignedUrl: null });
    const withHeaders = {
      ...entry,
      meta: { presignedUrl: 'http://x/u', uploadHeaders: { a: 'b' } },
    };
    expect(compiled(FileResponseSchema)(withHeaders)).toBe(
      reference(FileResponseSchema, withHeaders),
    );
    expect(compiled(AuthProvidersResponseSchema)({ staff: null })).toBe('{"staff":null}');
  });

  it('writes nested arrays, unions of literals, timestamps as strings and free-form history', () => {
    const frequency = {
      key: 'k',
      collateralKey: 'c',
      frequency: 3,
      month: 3,
      year: 2026,
      approvalStatus: 'PENDING_APPROVAL',
      uploadedFiles: 9,
      hasRequiredFiles: true,
      canSubmit: false,
      submittedAt: '2026-03-31T18:30:00.000Z',
      dueDate: '2026-04-15',
      daysLate: 0,
      fraudFlagCount: null,
      version: 2,
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-02T00:00:00.000Z',
      meta: { collateral: 'c', account: 'ACC1' },
      collateralName: 'Receivables',
      accountName: 'Asha',
    };
    const data = {
      monitoringFrequencies: [frequency, { ...frequency, frequency: 1 }],
      meta: {
        count: 2,
        page: 1,
        perPage: 10,
        totalPages: 1,
        totalRecords: 2,
        next: null,
      },
    };
    expect(compiled(CheckerFrequencyListResponseSchema)(data)).toBe(
      reference(CheckerFrequencyListResponseSchema, data),
    );
    // Audit before/after hold whatever was recorded, Dates included; undefined is left out.
    const history = {
      events: [
        {
          id: 'e1',
          at: '2026-03-01T00:00:00.000Z',
          actor: { username: 'approver', role: 'approver' },
          action: 'unit.approved',
          before: { status: 'PENDING_APPROVAL', at: new Date('2026-02-01T00:00:00Z') },
          after: undefined,
        },
      ],
    };
    expect(compiled(HistoryResponseSchema)(history)).toBe(
      reference(HistoryResponseSchema, history),
    );
  });

  it('keeps the checking serialiser where a compiled one would not be exact', () => {
    const cases: z.ZodType[] = [
      z.object({ at: z.date() }),
      z.object({ n: z.string().transform((s) => s.length) }),
      z.object({ page: z.number().default(1) }),
      z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) }),
      z.object({ first: z.string().optional(), second: z.string() }),
      z.array(z.unknown()),
      z.object({ big: z.literal(1n) }),
      // A session, or a second-factor challenge: a union of objects.
      SigninResponseSchema,
    ];
    for (const schema of cases) expect(compileResponseSerializer(schema)).toBeUndefined();

    const compile = createResponseSerializerCompiler();
    const checking = compile({
      schema: cases[0]!,
      method: 'GET',
      url: '/api/example',
      httpStatus: '200',
    });
    const at = new Date('2026-01-01T00:00:00Z');
    expect(checking({ at, extra: 1 })).toBe(JSON.stringify({ at }));
    expect(() => checking({ at: 'not a date' })).toThrow();
  });

  it('compiles each schema once, however many routes answer it', () => {
    const compile = createResponseSerializerCompiler();
    const route = (url: string) => ({
      schema: UnitListResponseSchema,
      method: 'GET',
      url,
      httpStatus: '200',
    });
    expect(compile(route('/a'))).toBe(compile(route('/b')));
  });
});
