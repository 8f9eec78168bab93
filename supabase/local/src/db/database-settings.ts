// Settings a hosted project keeps in its database, made at every start (the port, and so the push
// double's origin, can change): PostgREST's exposed schemas on the authenticator role, as the dashboard's
// "Exposed schemas" sets them (the advisor's exposure lints read them), and the origin of the stand-in's
// push double, the one http push service the migrations accept (app.settings.dev_push_origin).
import type { Database } from './database.ts';

export interface DatabaseSettings {
  /** config.toml [api] schemas */
  exposedSchemas: string[];
  /** e.g. http://127.0.0.1:54321 */
  devPushOrigin: string;
}

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export async function applyDatabaseSettings(db: Database, settings: DatabaseSettings): Promise<void> {
  const schemas = settings.exposedSchemas.join(', ');
  // Only when changed: ALTER … SET rewrites a shared catalog row, and test databases share a cluster.
  await db.exec(`
    do $$
    declare
      db name := current_database();
      db_oid oid := (select oid from pg_database where datname = current_database());
    begin
      if not exists (
        select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        where r.rolname = 'authenticator' and s.setdatabase = db_oid and ${literal(`pgrst.db_schemas=${schemas}`)} = any (s.setconfig)
      ) then
        execute format('alter role authenticator in database %I set pgrst.db_schemas = %L', db, ${literal(schemas)});
      end if;
      if not exists (
        select 1 from pg_db_role_setting s
        where s.setrole = 0 and s.setdatabase = db_oid and ${literal(`app.settings.dev_push_origin=${settings.devPushOrigin}`)} = any (s.setconfig)
      ) then
        execute format('alter database %I set app.settings.dev_push_origin = %L', db, ${literal(settings.devPushOrigin)});
      end if;
    end
    $$;
  `);
}
