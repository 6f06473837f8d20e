import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_CATALOGS,
  catalogProblems,
  checkCatalogs,
  keyProblems,
  keyUses,
  placeholdersOf,
  readCatalogs,
  strayCatalogs,
} from './message-catalogs.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('message catalogs', () => {
  it('every app has one catalog, complete in English and Hindi', () => {
    for (const { source } of APP_CATALOGS) {
      const catalogs = readCatalogs(path.join(root, source));
      expect(Object.keys(catalogs.en).length).toBeGreaterThan(0);
      expect({ source, problems: catalogProblems(catalogs) }).toEqual({ source, problems: [] });
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

  it('finds the keys code names, a template standing for one segment per placeholder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-keys-'));
    try {
      const file = path.join(dir, 'page.tsx');
      writeFileSync(
        file,
        [
          "// 'shop.commented' is not code",
          "const title = _('shop.title');",
          'const status = (s: string) => _(`shop.status.${s}`);',
          'const box = <Trans id="shop.box" />;',
          "const other = 'elsewhere.key';",
          "const missing = i18n._('shop.gone');",
        ].join('\n'),
      );
      const uses = keyUses([file], new Set(['shop']));
      expect(uses.map(({ text }) => text)).toEqual([
        'shop.title',
        'shop.status.${…}',
        'shop.box',
        'shop.gone',
      ]);
      const keys = new Set([
        'shop.title',
        'shop.status.OPEN',
        'shop.status.CLOSED',
        'shop.box',
        'shop.status.deep.er',
        'shop.commented',
      ]);
      expect(keyProblems([{ app: 'web', keys, uses, reads: ['web'] }], dir)).toEqual([
        'page.tsx names "shop.gone", which no catalog holds',
        '"shop.status.deep.er" in the web catalog is not used by any code',
        '"shop.commented" in the web catalog is not used by any code',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds a second catalog in an app', () => {
    expect(strayCatalogs(root)).toEqual([]);
  });

  it('the CI check fails when a key is missing in one language, or code names one no catalog holds', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'portal-catalogs-'));
    try {
      for (const { source } of APP_CATALOGS)
        cpSync(path.join(root, source), path.join(copy, source), { recursive: true });
      // What `npm run i18n -- --check` finds before it compiles: it fails on any of it.
      const problems = () => checkCatalogs(copy).problems;
      expect(problems()).toEqual([]);

      const hindi = path.join(copy, 'apps/api/src/messages.hi.json');
      const catalog = JSON.parse(readFileSync(hindi, 'utf8')) as Record<string, string>;
      const [removed] = Object.keys(catalog);
      writeFileSync(hindi, JSON.stringify({ ...catalog, [removed!]: undefined }));
      expect(problems().join('\n')).toMatch(
        new RegExp(`"${removed!.replaceAll('.', '\\.')}" is missing in hi`),
      );
      writeFileSync(hindi, JSON.stringify(catalog));

      const page = path.join(copy, 'apps/web/src/features/not-found/not-found-page.tsx');
      writeFileSync(page, `${readFileSync(page, 'utf8')}\nexport const typo = 'notFound.titel';\n`);
      expect(problems().join('\n')).toMatch(/names "notFound\.titel", which no catalog holds/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    // Reading every source file three times: ~3 s alone, longer beside the rest of the suite.
  }, 30_000);
});
