// `npm run i18n`: checks every English/Hindi catalog pair (same keys, same placeholders, valid
// ICU) and writes the compiled `messages.ts` beside each; `-- --check` writes nothing and fails
// when a pair has a problem or a compiled module is out of date (CI runs it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  catalogProblems,
  compiledModules,
  findCatalogFolders,
  readCatalogs,
} from './message-catalogs.ts';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
let failed = false;

for (const folder of findCatalogFolders(root)) {
  const where = path.relative(root, folder);
  const catalogs = readCatalogs(folder);
  const problems = catalogProblems(catalogs);
  if (problems.length > 0) {
    failed = true;
    for (const problem of problems) console.error(`${where}: ${problem}`);
    continue;
  }
  const inDomain = where.startsWith(path.join('packages', 'domain'));
  const modules = await compiledModules(catalogs, folder, {
    lazyHindi: inDomain || where.startsWith(path.join('apps', 'web')),
    extension: inDomain ? '.ts' : '',
    withKeys: inDomain,
  });
  for (const [name, compiled] of Object.entries(modules)) {
    const target = path.join(folder, name);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (compiled === current) continue;
    if (check) {
      failed = true;
      console.error(`${where}/${name} is out of date: run \`npm run i18n\``);
    } else {
      writeFileSync(target, compiled);
      console.log(`${where}/${name} written`);
    }
  }
}

if (failed) process.exit(1);
console.log(
  check
    ? 'Message catalogs: complete in English and Hindi, compiled.'
    : 'Message catalogs compiled.',
);
