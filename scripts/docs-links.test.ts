import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** architecture.md's list items: a step or a bullet with its continuation lines. */
function listItems(markdown: string): string[] {
  const items: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*(\d+\.|-) /.test(line) && !/^\s{3,}-/.test(line)) items.push(line);
    else if (/^\s+\S/.test(line) && items.length > 0) items[items.length - 1] += `\n${line}`;
  }
  return items;
}

/** Inline code spans, outside fenced blocks. */
const backticked = (text: string) =>
  [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
const isRepositoryPath = (token: string) =>
  /^(apps|packages|e2e|scripts|docs)\/\S+\.\w+$/.test(token);
const isFunctionName = (token: string) => /^[a-z]+[A-Z][A-Za-z]*$/.test(token);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|mjs|sql|md)$/.test(name) ? [relative] : [];
  });
}

/** A heading's anchor as GitHub makes it. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

describe('docs/architecture.md', () => {
  const architecture = read('docs/architecture.md');
  const domainSource = sourceFiles('packages/domain/src').map(read).join('\n');

  it('names only files that exist, and pages beside it that exist', () => {
    const named = backticked(architecture).filter(isRepositoryPath);
    expect(named.length).toBeGreaterThan(20);
    for (const file of named) expect(existsSync(path.join(root, file)), file).toBe(true);
    for (const [, link] of architecture.matchAll(/\]\(([^)#]+)\)/g))
      expect(existsSync(path.join(root, 'docs', link!)), link).toBe(true);
  });

  it("finds each function a step names in that step's files or in the domain", () => {
    let checked = 0;
    for (const item of listItems(architecture)) {
      const files = backticked(item).filter(isRepositoryPath);
      if (files.length === 0) continue;
      const text = files.map(read).join('\n') + domainSource;
      for (const name of backticked(item).filter(isFunctionName)) {
        checked += 1;
        expect(text, `${name} in ${files.join(', ')}`).toMatch(new RegExp(`\\b${name}\\b`));
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('links to docs/product.md', () => {
  it('point to a section the page has', () => {
    const anchors = existsSync(path.join(root, 'docs/product.md'))
      ? new Set(
          [...read('docs/product.md').matchAll(/^#{2,4} (.+)$/gm)].map((match) =>
            anchorOf(match[1]!),
          ),
        )
      : new Set<string>();
    const broken = ['apps', 'packages', 'e2e', 'scripts', 'docs']
      .flatMap(sourceFiles)
      .flatMap((file) =>
        [...read(file).matchAll(/product\.md#([\w-]+)/g)]
          .map((match) => match[1]!)
          .filter((anchor) => !anchors.has(anchor))
          .map((anchor) => `${file}: #${anchor}`),
      );
    expect(broken).toEqual([]);
  });
});
