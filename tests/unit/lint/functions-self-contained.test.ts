// The Supabase CLI deploys each function from supabase/functions/ alone and resolves it with one import map
// (supabase/functions/deno.json, named in config.toml): an import reaching outside that folder, a bare
// package missing from the map, or a Node built-in would pass here on Node and break on the Edge Runtime.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const functionsDir = resolve('supabase/functions');
const importMap = JSON.parse(readFileSync(join(functionsDir, 'deno.json'), 'utf8')) as { imports: Record<string, string> };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

/** Why a specifier cannot be resolved by Deno from supabase/functions/ alone, or null when it can. */
function problemWith(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    if (!/\.(ts|tsx|js|mjs|json)$/.test(specifier)) return 'relative imports need their extension (Deno resolves no other way)';
    const target = resolve(dirname(file), specifier);
    return target === functionsDir || target.startsWith(functionsDir + sep) ? null : `reaches outside supabase/functions (${relative(process.cwd(), target)})`;
  }
  if (specifier.startsWith('node:')) return 'Node built-ins are not shared with the app build';
  if (/^(npm|jsr):/.test(specifier)) return null;
  const bare = Object.keys(importMap.imports).some((name) => specifier === name || specifier.startsWith(`${name}/`));
  return bare ? null : 'bare import missing from supabase/functions/deno.json';
}

describe('supabase/functions is self-contained', () => {
  const files = sourceFiles(functionsDir);

  it('finds the functions and their shared code', () => {
    expect(files.some((file) => file.endsWith(join('_shared', 'domain', 'pricing.ts')))).toBe(true);
  });

  it('imports nothing from outside supabase/functions, with one import map', () => {
    const problems = files.flatMap((file) =>
      importsOf(file).flatMap((specifier) => {
        const problem = problemWith(file, specifier);
        return problem ? [`${relative(functionsDir, file)}: '${specifier}' ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('keeps a single import map (no per-function copies)', () => {
    const maps = readdirSync(functionsDir, { recursive: true, encoding: 'utf8' }).filter((path) => /(^|[/\\])(deno\.jsonc?|import_map\.json)$/.test(path));
    expect(maps).toEqual(['deno.json']);
  });

  it.each([
    ['../../../src/domain/pricing.ts', 'reaches outside'],
    ['./domain/pricing', 'extension'],
    ['node:fs', 'Node built-ins'],
    ['left-pad', 'missing from'],
  ])('refuses %s', (specifier, reason) => {
    expect(problemWith(join(functionsDir, '_shared', 'x.ts'), specifier)).toContain(reason);
  });
});
