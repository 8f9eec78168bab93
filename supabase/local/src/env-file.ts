// Writes the app's git-ignored `.env.local` (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY), keeping other lines.
import { readFile, writeFile } from 'node:fs/promises';

export async function updateEnvFile(path: string, values: Record<string, string>): Promise<void> {
  let lines: string[] = [];
  try {
    lines = (await readFile(path, 'utf8')).split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const remaining = new Map(Object.entries(values));
  const updated = lines.map((line) => {
    const name = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
    if (name === undefined || !remaining.has(name)) return line;
    const value = remaining.get(name) as string;
    remaining.delete(name);
    return `${name}=${value}`;
  });
  while (updated.length > 0 && updated.at(-1) === '') updated.pop();
  for (const [name, value] of remaining) updated.push(`${name}=${value}`);
  await writeFile(path, `${updated.join('\n')}\n`);
}
