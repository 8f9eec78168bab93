// The pid and status files a running `start` leaves in its data dir, read by `status`/`stop`/`reset`.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface LocalStatus {
  api_url: string;
  anon_key: string;
  service_role_key: string;
  publishable_key: string;
  secret_key: string;
  jwt_secret: string;
  db_engine: 'pglite' | 'postgres';
  data_dir: string;
  project_dir: string;
  mailbox_url: string;
  stripe_url: string;
  /** the app's applicationServerKey (VITE_VAPID_PUBLIC_KEY); send-push signs with its private half */
  vapid_public_key: string;
  /** what serves /functions/v1: deno (as hosted) or the in-process node fallback */
  functions_runtime: 'deno' | 'node';
  pid: number;
}

const pidFile = (dataDir: string): string => join(dataDir, 'local.pid');
const statusFile = (dataDir: string): string => join(dataDir, 'status.json');

export async function writeState(dataDir: string, status: LocalStatus): Promise<void> {
  await writeFile(statusFile(dataDir), `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600 });
  await writeFile(pidFile(dataDir), `${status.pid}\n`);
}

export async function clearState(dataDir: string): Promise<void> {
  await rm(pidFile(dataDir), { force: true });
  await rm(statusFile(dataDir), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The status of the server running on this data dir, or undefined (stale files are removed). */
export async function readRunningState(dataDir: string): Promise<LocalStatus | undefined> {
  let status: LocalStatus;
  try {
    status = JSON.parse(await readFile(statusFile(dataDir), 'utf8')) as LocalStatus;
  } catch {
    return undefined;
  }
  if (isAlive(status.pid)) return status;
  await clearState(dataDir);
  return undefined;
}

export { isAlive };
