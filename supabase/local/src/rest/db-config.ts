// PostgREST's in-database configuration: `pgrst.*` settings of the authenticator role, the way a
// hosted Supabase project enables features (`alter role authenticator set pgrst.db_aggregates_enabled
// = 'true'`). A setting for the current database wins over one for all databases.
import type { Queryable } from '../db/database.ts';

export interface DbConfig {
  aggregatesEnabled: boolean;
  planEnabled: boolean;
  /** commit | commit-allow-override | rollback | rollback-allow-override */
  txEnd: string;
}

const settingsSql = `
select split_part(setting, '=', 1) as name, substr(setting, strpos(setting, '=') + 1) as value
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as setting
where r.rolname = 'authenticator' and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and setting like 'pgrst.%'
order by s.setdatabase`;

function isTrue(value: string | undefined): boolean {
  return value !== undefined && ['true', 'on', 'yes', '1'].includes(value.trim().toLowerCase());
}

export async function loadDbConfig(db: Queryable): Promise<DbConfig> {
  const rows = (await db.query<{ name: string; value: string }>(settingsSql)).rows;
  const settings = new Map<string, string>();
  // Ordered by database oid: the database-specific row (oid > 0) comes last and wins.
  for (const row of rows) settings.set(row.name.replace(/-/g, '_'), row.value);
  return {
    aggregatesEnabled: isTrue(settings.get('pgrst.db_aggregates_enabled')),
    planEnabled: isTrue(settings.get('pgrst.db_plan_enabled')),
    txEnd: settings.get('pgrst.db_tx_end') ?? 'commit',
  };
}

/** Whether `Prefer: tx=commit|rollback` may override the configured transaction end. */
export function txOverrideAllowed(config: DbConfig): boolean {
  return config.txEnd.endsWith('-allow-override');
}
