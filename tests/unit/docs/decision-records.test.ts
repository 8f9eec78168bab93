import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every decision record in docs/decisions/ has one shape, so a reader finds the same parts in the same place:
// a title, a Status line with the date it was accepted, then Context, Decision, Consequences and the code and
// tests that carry it, in that order, short enough to read in two minutes, and listed in docs/README.md's index.

const root = process.cwd();
const decisionsDir = join(root, 'docs', 'decisions');

/** The sections every record has, in this order. */
const requiredSections = ['Context', 'Decision', 'Consequences', 'Code and tests'] as const;
/** About 500 words is the aim; this leaves a little headroom. */
const maxWords = 600;
const statusPattern = /^Status: accepted · \d{4}-\d{2}-\d{2}\b/m;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** What is wrong with one record's shape (empty when nothing is). */
function findShapeProblems(name: string, text: string): string[] {
  const problems: string[] = [];
  if (!/^# \S/.test(text)) problems.push(`${name}: does not start with a "# Title" line`);
  if (!statusPattern.test(text)) problems.push(`${name}: has no "Status: accepted · YYYY-MM-DD" line`);
  const sections = [...text.matchAll(/^## (.+?)\s*$/gm)].map((match) => match[1]!);
  for (const section of requiredSections) {
    const count = sections.filter((found) => found === section).length;
    if (count !== 1) problems.push(`${name}: has ${count} "## ${section}" sections, not 1`);
  }
  const order = sections.filter((section) => (requiredSections as readonly string[]).includes(section));
  if (order.length === requiredSections.length && order.join('|') !== requiredSections.join('|')) {
    problems.push(`${name}: sections out of order (${order.join(', ')})`);
  }
  const extra = sections.filter((section) => !(requiredSections as readonly string[]).includes(section));
  if (extra.length > 0) problems.push(`${name}: has other "##" sections (${extra.join(', ')}); use "###" inside one`);
  const words = wordCount(text);
  if (words > maxWords) problems.push(`${name}: ${words} words, more than ${maxWords}`);
  return problems;
}

/** Records on disk the index does not link, and index links to records that do not exist. */
function findIndexProblems(recordNames: readonly string[], indexText: string): string[] {
  const linked = new Set([...indexText.matchAll(/\]\(decisions\/([\w.-]+\.md)\)/g)].map((match) => match[1]!));
  const onDisk = new Set(recordNames);
  return [
    ...recordNames.filter((name) => !linked.has(name)).map((name) => `${name}: not listed in docs/README.md`),
    ...[...linked].filter((name) => !onDisk.has(name)).map((name) => `docs/README.md links decisions/${name}, which does not exist`),
  ];
}

const wellShaped = [
  '# A title',
  '',
  'Status: accepted · 2026-11-24',
  '',
  '## Context',
  'Why it came up.',
  '## Decision',
  '### A part',
  'What we do.',
  '## Consequences',
  'What follows.',
  '## Code and tests',
  '- `src/x.ts`',
  '',
].join('\n');

describe('decision records', () => {
  const names = readdirSync(decisionsDir).filter((name) => name.endsWith('.md')).sort();

  it('each have a title, a Status line, the four sections in order, and at most 600 words', () => {
    expect(names.length).toBeGreaterThan(30);
    const problems = names.flatMap((name) => findShapeProblems(name, readFileSync(join(decisionsDir, name), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('are each listed in docs/README.md, which links no missing record', () => {
    expect(findIndexProblems(names, readFileSync(join(root, 'docs', 'README.md'), 'utf8'))).toEqual([]);
  });

  it('accepts a well-shaped record', () => {
    expect(findShapeProblems('x.md', wellShaped)).toEqual([]);
  });

  it('reports a missing Status line, a missing or repeated section, other sections and the wrong order', () => {
    expect(findShapeProblems('x.md', wellShaped.replace('Status: accepted · 2026-11-24', 'Decided in a review.'))).toEqual([
      'x.md: has no "Status: accepted · YYYY-MM-DD" line',
    ]);
    expect(findShapeProblems('x.md', wellShaped.replace('## Consequences', '## What it costs'))).toEqual([
      'x.md: has 0 "## Consequences" sections, not 1',
      'x.md: has other "##" sections (What it costs); use "###" inside one',
    ]);
    expect(findShapeProblems('x.md', `${wellShaped}## Context\nAgain.\n`)).toEqual(['x.md: has 2 "## Context" sections, not 1']);
    const swapped = wellShaped.replace('## Context', '## TMP').replace('## Decision', '## Context').replace('## TMP', '## Decision');
    expect(findShapeProblems('x.md', swapped)).toEqual(['x.md: sections out of order (Decision, Context, Consequences, Code and tests)']);
    expect(findShapeProblems('x.md', `Intro\n${wellShaped}`)).toEqual(['x.md: does not start with a "# Title" line']);
  });

  it('reports a record over 600 words', () => {
    const long = wellShaped.replace('What we do.', 'word '.repeat(maxWords));
    expect(findShapeProblems('x.md', long)).toEqual([`x.md: ${wordCount(long)} words, more than ${maxWords}`]);
  });

  it('reports a record missing from the index, and an index link to no record', () => {
    const index = '- [a.md](decisions/a.md): one\n- [gone.md](decisions/gone.md): two\n';
    expect(findIndexProblems(['a.md', 'b.md'], index)).toEqual([
      'b.md: not listed in docs/README.md',
      'docs/README.md links decisions/gone.md, which does not exist',
    ]);
  });
});
