// `npm run i18n`: checks each app's English/Hindi catalog pair (same keys, same placeholders, valid
// ICU), that every key the code names is in a catalog it reads and every catalog key is named by
// some code, then writes the compiled modules; `-- --check` writes nothing and fails when there
// is a problem or a compiled module is out of date (CI runs it).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkCatalogs, compiledModules, PER_PREFIX_FOLDER } from './message-catalogs.ts';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
const { catalogs, problems } = checkCatalogs(root);

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

let stale = false;
for (const { appCatalog, catalogs: pair } of catalogs) {
  const modules = await compiledModules(pair, appCatalog, root);
  const source = path.join(root, appCatalog.source);
  for (const [name, compiled] of Object.entries(modules)) {
    const target = path.join(source, name);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (compiled === current) continue;
    if (check) {
      stale = true;
      console.error(`${path.relative(root, target)} is out of date: run \`npm run i18n\``);
    } else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, compiled);
      console.log(`${path.relative(root, target)} written`);
    }
  }
  // A prefix no longer in the catalog leaves no module behind.
  const folder = path.join(source, PER_PREFIX_FOLDER);
  if (appCatalog.output !== 'per-prefix' || !existsSync(folder)) continue;
  for (const name of readdirSync(folder)) {
    if (`${PER_PREFIX_FOLDER}/${name}` in modules) continue;
    if (check) {
      stale = true;
      console.error(`${path.relative(root, path.join(folder, name))} has no catalog keys left`);
    } else {
      rmSync(path.join(folder, name));
      console.log(`${path.relative(root, path.join(folder, name))} removed`);
    }
  }
}

if (stale) process.exit(1);
console.log(
  check
    ? 'Message catalogs: one per app, complete in English and Hindi, every key used, compiled.'
    : 'Message catalogs compiled.',
);
