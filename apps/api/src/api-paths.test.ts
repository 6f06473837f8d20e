import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as paths from '@portal/domain/api-paths';
import * as identityPaths from '@portal/domain/identity-paths';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

describe('the paths the web app calls', () => {
  it('are routes the API registers', () => {
    const { FILE_IN_SET_PATH, FILE_COMPLETE_IN_SET_PATH, UNIT_FILES_PATH, FREQUENCY_FILES_PATH } =
      paths;
    const all = [
      ...Object.values({ ...paths, ...identityPaths } as Record<string, unknown>).filter(
        (value): value is string => typeof value === 'string' && value.startsWith('/api/'),
      ),
      ...[UNIT_FILES_PATH, FREQUENCY_FILES_PATH].flatMap((files) => [
        files + FILE_IN_SET_PATH,
        files + FILE_COMPLETE_IN_SET_PATH,
      ]),
    ];
    expect(all.length).toBeGreaterThan(50);
    const unregistered = all.filter(
      (url) => !METHODS.some((method) => t.app.hasRoute({ method, url })),
    );
    expect(unregistered).toEqual([]);
  });
});
