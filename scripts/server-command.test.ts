import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// The launchers that cannot import the flags write them out; they must not drift apart.
describe('the compiled server is run one way everywhere', () => {
  it('in the image', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY]);
  });

  it('in the check of the image’s runtime stage', () => {
    expect(read('scripts/check-runtime-stage.sh')).toContain(
      `exec node ${[...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' ')}`,
    );
  });

  it('in the API’s own start script', () => {
    const { scripts } = JSON.parse(read('apps/api/package.json')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(
      ['node', ...SERVER_NODE_FLAGS, path.relative('apps/api', SERVER_ENTRY)].join(' '),
    );
  });
});
