import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Code cites the docs as "docs/product.md §4.3" (also "§2, §5" and "§2/§5" lists). Every cited file must
// exist and have a heading with that number, and no citation may name what is not in the repository: the
// team's old shared spec, design and research notes, or an issue of its tracker (a reader cannot follow them).

const root = process.cwd();

/** A cited file and its first section, then any further sections of the same list. */
const citationPattern = /docs\/([\w./-]+?\.md) §(\d+(?:\.\d+)*)((?:\s*(?:,|\/|and|or)\s*§\d+(?:\.\d+)*)*)/g;
const sectionPattern = /§(\d+(?:\.\d+)*)/g;
/** A citation of something outside the repository (this file is not checked, so its examples may match). */
const leftoverPattern = /\b(?:SPEC|DESIGN)(?:\.md)?\s*§|\b[Ii]ssue #?\d+\b|\b[Ll]ocal-first issue\b|\bresearch\/[\w-]+\.md|\bsupabase-wire\.md/;
/** "## 4.3 Booking statuses" or "### 2.1. Layout" */
const headingPattern = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm;
const textFile = /\.(?:ts|tsx|js|mjs|cjs|sql|md|toml)$/;
/** This file: its examples cite missing files and sections on purpose. */
const thisFile = relative(root, fileURLToPath(import.meta.url));

interface SourceFile {
  path: string;
  text: string;
}

/** The numbered headings of a docs file, or null when the file does not exist. */
type HeadingsOf = (docPath: string) => ReadonlySet<string> | null;

function findCitationProblems(files: readonly SourceFile[], headingsOf: HeadingsOf): string[] {
  const problems: string[] = [];
  for (const file of files) {
    file.text.split('\n').forEach((line, index) => {
      const where = `${file.path}:${index + 1}`;
      if (leftoverPattern.test(line)) problems.push(`${where}: cites something outside the repository: ${line.trim()}`);
      for (const match of line.matchAll(citationPattern)) {
        const docPath = `docs/${match[1]}`;
        const headings = headingsOf(docPath);
        if (!headings) {
          problems.push(`${where}: ${docPath} does not exist`);
          continue;
        }
        const sections = [match[2]!, ...[...(match[3] ?? '').matchAll(sectionPattern)].map((section) => section[1]!)];
        for (const section of sections) {
          if (!headings.has(section)) problems.push(`${where}: ${docPath} has no heading numbered ${section}`);
        }
      }
    });
  }
  return problems;
}

function headingsOfMarkdown(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(headingPattern)].map((match) => match[1]!));
}

const cache = new Map<string, Set<string> | null>();
const headingsOnDisk: HeadingsOf = (docPath) => {
  if (!cache.has(docPath)) {
    const file = join(root, docPath);
    cache.set(docPath, existsSync(file) ? headingsOfMarkdown(readFileSync(file, 'utf8')) : null);
  }
  return cache.get(docPath)!;
};

function trackedSources(): SourceFile[] {
  const paths = execFileSync('git', ['ls-files', '-z', '--', 'src', 'sw', 'supabase', 'tests', 'docs', ':(glob)*.ts', ':(glob)*.js', 'README.md'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => textFile.test(path) && path !== thisFile && existsSync(join(root, path)));
  return paths.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

describe('doc citations', () => {
  it('resolve to a numbered heading of an existing docs file, in every tracked source', () => {
    const files = trackedSources();
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.text.includes('docs/product.md §'))).toBe(true);
    expect(findCitationProblems(files, headingsOnDisk)).toEqual([]);
  });

  const docs: HeadingsOf = (docPath) => (docPath === 'docs/product.md' ? headingsOfMarkdown('# Title\n## 4. States\n### 4.3 Booking statuses\n## 5. Rules\n') : null);
  const check = (text: string) => findCitationProblems([{ path: 'src/x.ts', text }], docs);

  it('accepts single citations and lists of sections', () => {
    expect(check('// docs/product.md §4.3 and (docs/product.md §4, §5) and docs/product.md §4/§5.')).toEqual([]);
  });

  it('reports a missing section, also inside a list', () => {
    expect(check('// docs/product.md §4.4')).toEqual(['src/x.ts:1: docs/product.md has no heading numbered 4.4']);
    expect(check('// docs/product.md §4, §9)')).toEqual(['src/x.ts:1: docs/product.md has no heading numbered 9']);
  });

  it('reports a missing docs file', () => {
    expect(check('\n// docs/design.md §1')).toEqual(['src/x.ts:2: docs/design.md does not exist']);
  });

  it('reports a citation of the old shared documents', () => {
    const oldSpec = ['SP', 'EC §5'].join('');
    const oldDesign = ['DES', 'IGN.md §2.1'].join('');
    expect(check(`// ${oldSpec}`)).toHaveLength(1);
    expect(check(`// ${oldDesign}`)).toHaveLength(1);
  });

  it('reports a citation of an issue or a research note, which a reader of the repository cannot follow', () => {
    expect(check('// Decided for issue 15, direction 2')).toHaveLength(1);
    expect(check('// (local-first issue, item 7;')).toHaveLength(1);
    expect(check('// (research/perf-and-reliability.md G4)')).toHaveLength(1);
    expect(check('// (supabase-wire.md §0.2)')).toHaveLength(1);
    expect(check('// this is no issue; tissue 5 neither')).toEqual([]);
  });
});
