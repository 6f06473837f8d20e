import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './env.ts';
import { replaceSettingsTable, SETTING_DOCS, settingsTable } from './env-docs.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe("README's configuration table", () => {
  it('is the one the settings schema generates (npm run docs:settings rewrites it)', () => {
    expect(replaceSettingsTable(readme)).toBe(readme);
  });

  it('has a row for every setting the server reads, with its schema default', () => {
    const table = settingsTable();
    for (const name of Object.keys(EnvSchema.shape)) {
      expect(table).toContain(`| \`${name}\` |`);
    }
    expect(Object.keys(SETTING_DOCS).sort()).toEqual(Object.keys(EnvSchema.shape).sort());
    expect(table).toContain('| `PORT` | `3000` |');
    expect(table).toContain('| `DATABASE_URL` | — |');
  });
});
