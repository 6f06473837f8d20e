// `npm run docs:settings`: writes the README's configuration table from the server's settings
// schema (apps/api/src/env-docs.ts); `-- --check` fails when the README has drifted from it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { replaceSettingsTable } from '../apps/api/src/env-docs.ts';

const readmePath = path.resolve(import.meta.dirname, '../README.md');
const readme = readFileSync(readmePath, 'utf8');
const updated = replaceSettingsTable(readme);

if (process.argv.includes('--check')) {
  if (updated !== readme) {
    console.error(
      'README.md: the configuration table differs from the settings schema; run `npm run docs:settings`.',
    );
    process.exit(1);
  }
  console.log('README.md: the configuration table matches the settings schema.');
} else {
  writeFileSync(readmePath, updated);
  console.log('README.md: configuration table written.');
}
