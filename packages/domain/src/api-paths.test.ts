import { describe, expect, it } from 'vitest';
import { apiPath, FILE_IN_SET_PATH, UNIT_FILES_PATH, UNIT_NOC_LETTER_PATH } from './api-paths.ts';

describe('API paths', () => {
  it('fills each parameter in, percent-encoded', () => {
    expect(apiPath(UNIT_NOC_LETTER_PATH, { projectKey: 'PRJ 1', unitKey: 'A/101' })).toBe(
      '/api/projects/PRJ%201/units/A%2F101/noc-letter',
    );
  });

  it('names a file under its set’s files path', () => {
    expect(
      apiPath(UNIT_FILES_PATH, { parentKey: 'U-1' }) + apiPath(FILE_IN_SET_PATH, { fileId: 'f1' }),
    ).toBe('/api/units/U-1/files/f1');
  });
});
