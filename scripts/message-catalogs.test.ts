import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  catalogProblems,
  findCatalogFolders,
  placeholdersOf,
  readCatalogs,
} from './message-catalogs.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('message catalogs', () => {
  it('every catalog in the product is complete in English and Hindi', () => {
    const folders = findCatalogFolders(root);
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      expect({ folder, problems: catalogProblems(readCatalogs(folder)) }).toEqual({
        folder,
        problems: [],
      });
    }
  });

  it('names a key missing in one language, a placeholder that differs and a message that does not compile', () => {
    expect(
      catalogProblems({
        en: {
          a: 'Upload {fileType}',
          b: 'Two',
          c: '{count, plural, one {# file} other {# files}}',
        },
        hi: { a: '{name} अपलोड करें', c: '{count, plural, one {# फ़ाइल} other {# फ़ाइलें}' },
      }),
    ).toEqual([
      '"a" has placeholders {fileType} in en but {name} in hi',
      '"b" is missing in hi',
      expect.stringMatching(/^"c" in hi does not compile/),
    ]);
    expect(placeholdersOf('{count, plural, one {# file for {unit}} other {# files}}')).toEqual([
      'count',
      'unit',
    ]);
    // A select's branches are text, not placeholders.
    expect(
      placeholdersOf("no {parent, select, account {account} other {project}} ''{key}''"),
    ).toEqual(['key', 'parent']);
  });

  it('the CI check fails when a key is removed from one language', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'portal-catalogs-'));
    try {
      for (const item of ['scripts', 'package.json', '.prettierrc.json'])
        cpSync(path.join(root, item), path.join(copy, item), { recursive: true });
      symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
      const [folder] = findCatalogFolders(root);
      const relative = path.relative(root, folder!);
      cpSync(folder!, path.join(copy, relative), { recursive: true });
      const run = () =>
        execFileSync(process.execPath, ['--import', 'tsx', 'scripts/i18n.ts', '--check'], {
          cwd: copy,
          encoding: 'utf8',
          stdio: 'pipe',
        });
      expect(run()).toContain('complete in English and Hindi');

      const hindi = path.join(copy, relative, 'messages.hi.json');
      const catalog = JSON.parse(readFileSync(hindi, 'utf8')) as Record<string, string>;
      const [removed] = Object.keys(catalog);
      delete catalog[removed!];
      writeFileSync(hindi, JSON.stringify(catalog));
      expect(run).toThrow(new RegExp(`"${removed!.replace('.', '\\.')}" is missing in hi`));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 30_000);
});
