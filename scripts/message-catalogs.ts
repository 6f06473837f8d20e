// The message catalogs: one per app and language, `messages.en.json` and `messages.hi.json` at the
// app's source root, with the same keys and the same placeholders, compiled by Lingui's ICU
// compiler into modules the code imports. Compiling at build time keeps the message parser out of
// the browser: a page ships Lingui's small runtime and the compiled messages only. Every key the
// code names must be in its app's catalog, and every catalog key must be named somewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { format, resolveConfig } from 'prettier';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Catalog = Record<string, string>;

/**
 * How an app's catalog is compiled:
 * - `single-lazy-hindi`: one `messages.ts` with the English, its Hindi in `messages.hi.ts` loaded
 *   on demand (the domain: the browser loads Hindi only when it is chosen, the API imports it
 *   itself, translate.ts), with the type of its keys;
 * - `single`: one `messages.ts` holding both languages (the API answers both at once);
 * - `per-prefix`: a module per first key segment in `i18n/messages/` (`filesStatus.…` →
 *   `filesStatus.ts` and `filesStatus.hi.ts`), so each screen carries only its own English and
 *   loads its Hindi only when Hindi is chosen (docs/decisions.md: the web app's first loads).
 */
export type Output = 'single-lazy-hindi' | 'single' | 'per-prefix';

export interface AppCatalog {
  app: string;
  /** The app's source root: its catalog pair, and the code that names its keys. */
  source: string;
  output: Output;
}

export const APP_CATALOGS: readonly AppCatalog[] = [
  { app: 'domain', source: 'packages/domain/src', output: 'single-lazy-hindi' },
  { app: 'api', source: 'apps/api/src', output: 'single' },
  { app: 'web', source: 'apps/web/src', output: 'per-prefix' },
];

/** The web app's compiled modules, one per key prefix. */
export const PER_PREFIX_FOLDER = 'i18n/messages';

export function readCatalogs(folder: string): Record<Language, Catalog> {
  const read = (language: string): Catalog => {
    const file = path.join(folder, `messages.${language}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalog) : {};
  };
  return { en: read('en'), hi: read('hi') };
}

/** Source files of the given folders, skipping tests, test helpers and compiled catalogs. */
export function codeFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'test'].includes(entry.name)) walk(full);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$|[-.]test-utils\.tsx?$|\.d\.ts$/.test(entry.name) &&
        !isCompiledCatalog(full)
      ) {
        found.push(full);
      }
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return found.sort();
}

const isCompiledCatalog = (file: string) =>
  /(^|\/)messages(\.hi)?\.ts$/.test(file) || file.includes(`/${PER_PREFIX_FOLDER}/`);

/** `messages.en.json` files outside the apps' source roots: a second catalog in an app. */
export function strayCatalogs(root: string): string[] {
  const allowed = new Set(APP_CATALOGS.map(({ source }) => path.join(root, source)));
  const stray: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist'].includes(entry.name)) walk(full);
      } else if (entry.name === 'messages.en.json' && !allowed.has(dir)) {
        stray.push(path.relative(root, full));
      }
    }
  };
  for (const { source } of APP_CATALOGS) walk(path.join(root, path.dirname(source)));
  return [...new Set(stray)].sort();
}

/**
 * What the code names of a catalog: a string literal is a key, a template literal is a pattern
 * whose every `${…}` stands for one key segment (`domain.month.${month}`). Only what starts with
 * one of `prefixes` and a dot counts.
 */
export interface KeyUse {
  file: string;
  text: string;
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function keyUses(files: readonly string[], prefixes: ReadonlySet<string>): KeyUse[] {
  const uses: KeyUse[] = [];
  const isCandidate = (text: string) => {
    const dot = text.indexOf('.');
    return dot > 0 && prefixes.has(text.slice(0, dot)) && /^[\w.]+$/.test(text);
  };
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (isCandidate(node.text)) {
          uses.push({ file, text: node.text, pattern: new RegExp(`^${escapeRegExp(node.text)}$`) });
        }
      } else if (ts.isTemplateExpression(node)) {
        const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        const text = parts.join('${…}');
        if (isCandidate(parts.join('x'))) {
          const pattern = new RegExp(`^${parts.map(escapeRegExp).join('[^.]+')}$`);
          uses.push({ file, text, pattern });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

/** An app's catalog keys, and what its code names of the catalogs it reads (its own, the domain's). */
export interface AppKeys {
  app: string;
  keys: ReadonlySet<string>;
  uses: readonly KeyUse[];
  /** The apps whose catalogs this app's code reads. */
  reads: readonly string[];
}

/**
 * Keys the code names that no catalog it reads holds, and catalog keys no code names: the first
 * shows a raw key on a screen or in an answer, the second is a message nobody reads.
 */
export function keyProblems(apps: readonly AppKeys[], root: string): string[] {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const { uses, reads } of apps) {
    const readable = apps.filter(({ app }) => reads.includes(app)).flatMap(({ keys }) => [...keys]);
    for (const use of uses) {
      const matching = readable.filter((key) => use.pattern.test(key));
      if (matching.length === 0) {
        problems.push(
          `${path.relative(root, use.file)} names "${use.text}", which no catalog holds`,
        );
      }
      for (const key of matching) used.add(key);
    }
  }
  for (const { app, keys } of apps) {
    for (const key of keys) {
      if (!used.has(key)) problems.push(`"${key}" in the ${app} catalog is not used by any code`);
    }
  }
  return problems;
}

/**
 * The names of a message's placeholders (`{name}`, `{count, plural, …}`), sorted: read from the
 * compiled message, so a select's branch text (`{kind, select, unit {unit} other {set}}`) is none.
 */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, , branches] = part as [unknown, unknown, unknown];
      if (typeof name === 'string') names.add(name);
      if (branches && typeof branches === 'object') Object.values(branches).forEach(walk);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

function compiles(message: string): boolean {
  try {
    compileMessageOrThrow(message);
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with a pair of catalogs: keys missing on either side, placeholders that differ, messages that do not compile. */
export function catalogProblems(catalogs: Record<Language, Catalog>): string[] {
  const problems: string[] = [];
  const keys = new Set(LANGUAGES.flatMap((language) => Object.keys(catalogs[language])));
  for (const key of [...keys].sort()) {
    for (const language of LANGUAGES) {
      const message = catalogs[language][key];
      if (typeof message !== 'string' || message.trim() === '') {
        problems.push(`"${key}" is missing in ${language}`);
        continue;
      }
      try {
        compileMessageOrThrow(message);
      } catch (error) {
        problems.push(`"${key}" in ${language} does not compile: ${(error as Error).message}`);
      }
    }
    const [en, hi] = LANGUAGES.map((language) => catalogs[language][key]);
    if (typeof en === 'string' && typeof hi === 'string' && compiles(en) && compiles(hi)) {
      const [enNames, hiNames] = [placeholdersOf(en), placeholdersOf(hi)];
      if (enNames.join() !== hiNames.join())
        problems.push(
          `"${key}" has placeholders {${enNames.join('}, {')}} in en but {${hiNames.join('}, {')}} in hi`,
        );
    }
  }
  return problems;
}

const compile = (catalog: Catalog) =>
  JSON.stringify(
    Object.fromEntries(
      Object.keys(catalog)
        .sort()
        .map((key) => [key, compileMessageOrThrow(catalog[key]!)]),
    ),
  );

const HEADER =
  '// Generated by `npm run i18n` from messages.en.json and messages.hi.json: edit those, not this.';

const lazyModules = (en: string, hi: string, hindiModule: string, english: string) => ({
  en: `${HEADER}
import type { Messages } from '@lingui/core';

${english}export const messages: { en: Messages; hi: () => Promise<Messages> } = {
  en: ${en},
  hi: () => import('${hindiModule}').then((module) => module.messages),
};
`,
  hi: `${HEADER}
import type { Messages } from '@lingui/core';

export const messages: Messages = ${hi};
`,
});

/** A catalog's compiled modules, by path from the app's source root. */
export async function compiledModules(
  catalogs: Record<Language, Catalog>,
  appCatalog: AppCatalog,
  root: string,
): Promise<Record<string, string>> {
  const sources: Record<string, string> = {};
  if (appCatalog.output === 'single-lazy-hindi') {
    // The domain's English keeps its keys in its type, so code names only keys the catalog holds.
    const keyed = `const en = ${compile(catalogs.en)} satisfies Messages;

/** A key of this catalog. */
export type MessageKey = keyof typeof en;

`;
    const modules = lazyModules('en', compile(catalogs.hi), './messages.hi.ts', keyed);
    sources['messages.ts'] = modules.en;
    sources['messages.hi.ts'] = modules.hi;
  } else if (appCatalog.output === 'single') {
    sources['messages.ts'] = `${HEADER}
import type { Messages } from '@lingui/core';

export const messages: Record<'en' | 'hi', Messages> = {
  en: ${compile(catalogs.en)},
  hi: ${compile(catalogs.hi)},
};
`;
  } else {
    const prefixes = new Set(Object.keys(catalogs.en).map((key) => key.split('.')[0]!));
    for (const prefix of [...prefixes].sort()) {
      const part = (catalog: Catalog) =>
        Object.fromEntries(Object.entries(catalog).filter(([key]) => key.startsWith(`${prefix}.`)));
      const modules = lazyModules(
        compile(part(catalogs.en)),
        compile(part(catalogs.hi)),
        `./${prefix}.hi`,
        '',
      );
      sources[`${PER_PREFIX_FOLDER}/${prefix}.ts`] = modules.en;
      sources[`${PER_PREFIX_FOLDER}/${prefix}.hi.ts`] = modules.hi;
    }
  }
  const formatted: Record<string, string> = {};
  for (const [name, source] of Object.entries(sources)) {
    const filepath = path.join(root, appCatalog.source, name);
    formatted[name] = await format(source, { ...(await resolveConfig(filepath)), filepath });
  }
  return formatted;
}

/**
 * Every app's catalogs read from `root`, and what is wrong with them: a stray catalog, a pair
 * that differs, a key the code names that no catalog it reads holds, or a key no code names.
 */
export function checkCatalogs(root: string) {
  const problems: string[] = [];

  for (const stray of strayCatalogs(root)) {
    problems.push(`${stray}: an app has one catalog, at its source root; move these keys there`);
  }

  const catalogs = APP_CATALOGS.map((appCatalog) => ({
    appCatalog,
    catalogs: readCatalogs(path.join(root, appCatalog.source)),
  }));
  for (const { appCatalog, catalogs: pair } of catalogs) {
    for (const problem of catalogProblems(pair)) problems.push(`${appCatalog.source}: ${problem}`);
  }

  // The domain's messages are read by every app (labels, errors); each app's own by itself.
  const apps: AppKeys[] = catalogs.map(({ appCatalog, catalogs: pair }) => {
    const reads = [...new Set([appCatalog.app, 'domain'])];
    const prefixes = new Set(
      catalogs
        .filter(({ appCatalog: other }) => reads.includes(other.app))
        .flatMap(({ catalogs: other }) => Object.keys(other.en).map((key) => key.split('.')[0]!)),
    );
    return {
      app: appCatalog.app,
      keys: new Set(Object.keys(pair.en)),
      uses: keyUses(codeFiles(root, [appCatalog.source]), prefixes),
      reads,
    };
  });
  problems.push(...keyProblems(apps, root));
  return { catalogs, problems };
}
