// Where the `deno` executable is: DENO_BIN, else the `deno` devDependency, else PATH. The npm package
// puts the real binary at node_modules/deno/deno (its postinstall) or in its platform package; its
// `bin.cjs` is a Node wrapper, avoided here because killing the wrapper would leave Deno running.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot } from '../paths.ts';

const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function platformPackage(): string {
  const os = process.platform;
  return os === 'linux' ? `linux-${process.arch}-glibc` : `${os}-${process.arch}`;
}

/** The deno binary to use, or null when none is installed (the stand-in then runs functions on Node). */
export function findDeno(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.DENO_BIN) return executable(env.DENO_BIN) ? env.DENO_BIN : null;
  const modules = join(repoRoot, 'node_modules');
  const candidates = [
    join(modules, 'deno', exe),
    join(modules, '@deno', platformPackage(), exe),
    ...(env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, exe)),
  ];
  return candidates.find(executable) ?? null;
}
