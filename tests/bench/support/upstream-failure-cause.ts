// Groups failing upstream tests by cause (tests/bench/upstream-suites.ts): most fail on an inline snapshot, so
// the cause is read from the snapshot's diff (status, PostgREST code, or the first field that differs).
import type { TestOutcome } from './upstream-vitest.ts';

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * `"key": value` of the first diff line with that key on the given side (`-` expected, `+` received), at the
 * given depth of the client's answer (1: status, count; 2: the error's code, message).
 */
function field(lines: string[], side: '-' | '+', key: string, depth: number): string | undefined {
  for (const line of lines) {
    if (!line.startsWith(side)) continue;
    const match = new RegExp(`^[-+] {${1 + 2 * depth}}"${key}": (.*?),?$`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

function firstLine(text: string | undefined): string {
  return ((text ?? 'no error message').split('\n').find((l) => l.trim() !== '') ?? '').trim();
}

export function failureCause(test: TestOutcome): string {
  const lines = (test.diff ?? '').replace(ansi, '').split('\n').filter((l) => /^[-+]\s+"[^"]+":/.test(l));
  // Not an object diff (a message, a null check): the assertion's own line says it best.
  if (lines.length === 0) return firstLine(test.error?.replace(ansi, '')).replace(/\d+/g, 'N').slice(0, 140);
  const [expStatus, gotStatus] = [field(lines, '-', 'status', 1), field(lines, '+', 'status', 1)];
  const [expCode, gotCode] = [field(lines, '-', 'code', 2), field(lines, '+', 'code', 2)];
  if (expStatus !== gotStatus && expStatus && gotStatus) return `status ${expStatus}${expCode ? ` ${expCode}` : ''} expected, got ${gotStatus}${gotCode ? ` ${gotCode}` : ''}`;
  if (expCode !== gotCode) return `error code ${expCode ?? 'none'} expected, got ${gotCode ?? 'none'}`;
  const key = /^[-+]\s*"([^"]+)":/.exec(lines[0] ?? '')?.[1];
  return `"${key ?? '?'}" differs`;
}
