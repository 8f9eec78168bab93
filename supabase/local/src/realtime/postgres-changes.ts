// Delivers captured row changes to the channel members whose bindings match, each only if the
// member's own role and claims may SELECT the row (Realtime's apply_rls rules).
//
// A member that may not see the row gets nothing at all. Hosted Realtime drops a subscriber whose RLS
// hides the row (walrus: "subscriber is omitted when record not visible to them"), but when the role
// lacks the SELECT privilege on the table (anon on bookings/messages) it still pushes an empty event
// with errors ["Error 401: Unauthorized"], and on an RLS table without a primary key one with
// ["Error 400: Bad Request, no primary key"]. Those empty events tell an outsider when somebody books
// or writes, so this server sends them to no one and logs the cause once per table instead.
import type { Database, RequestAuth } from '../db/database.ts';
import type { ChannelMember, PostgresBinding } from './channel-member.ts';
import { matchesFilter } from './change-filter.ts';
import {
  changeChannel, parseCapturedChange, pickColumns, readRowByKey, readTableInfo, roleCanSelect, subscribersCanSeeRow,
  type CapturedChange, type TableInfo,
} from './change-capture.ts';

const metadataTtlMs = 2000;

export class PostgresChangesDispatcher {
  private readonly db: Database;
  private readonly members: () => Iterable<ChannelMember>;
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly tableCache = new Map<string, { info: TableInfo | null; at: number }>();
  private readonly privilegeCache = new Map<string, { ok: boolean; at: number }>();
  private readonly warned = new Set<string>();

  constructor(db: Database, members: () => Iterable<ChannelMember>) {
    this.db = db;
    this.members = members;
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(changeChannel, (payload) => {
      // Sequential: members see changes in commit order. Never blocks the notifying query.
      this.queue = this.queue.then(() => this.dispatch(payload)).catch((error: unknown) => console.error('[realtime] change dispatch failed', error));
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    await this.queue;
  }

  /** Resolves once every change received so far has been delivered (tests, shutdown). */
  drained(): Promise<void> {
    return this.queue;
  }

  private warnOnce(table: string, problem: string): void {
    if (this.warned.has(table)) return;
    this.warned.add(table);
    console.warn(`[realtime] ${table} ${problem}`);
  }

  forgetMetadata(): void {
    this.tableCache.clear();
    this.privilegeCache.clear();
  }

  private async tableInfo(schema: string, table: string): Promise<TableInfo | null> {
    const key = `${schema}.${table}`;
    const cached = this.tableCache.get(key);
    if (cached && Date.now() - cached.at < metadataTtlMs) return cached.info;
    const info = await readTableInfo(this.db, schema, table);
    this.tableCache.set(key, { info, at: Date.now() });
    return info;
  }

  private async canSelect(role: string, info: TableInfo): Promise<boolean> {
    const key = `${role}:${info.schema}.${info.table}`;
    const cached = this.privilegeCache.get(key);
    if (cached && Date.now() - cached.at < metadataTtlMs) return cached.ok;
    const ok = await roleCanSelect(this.db, role, info);
    this.privilegeCache.set(key, { ok, at: Date.now() });
    return ok;
  }

  private matchingIds(member: ChannelMember, change: CapturedChange, info: TableInfo, record: Record<string, unknown> | null): number[] {
    const ids: number[] = [];
    const filterRecord = change.type === 'DELETE' ? change.old_record : record;
    for (const binding of member.bindings) {
      if (!bindingMatches(binding, change)) continue;
      if (binding.filter) {
        const column = info.columns.find((c) => c.name === binding.filter!.column);
        if (!column || !matchesFilter(binding.filter, filterRecord, column.type)) continue;
      }
      ids.push(binding.id);
    }
    return ids;
  }

  private async dispatch(payload: string): Promise<void> {
    const change = parseCapturedChange(payload);
    if (!change) return;
    const info = await this.tableInfo(change.schema, change.table);
    if (!info) return;

    let record = change.record;
    if (change.truncated && change.type !== 'DELETE' && record) record = await readRowByKey(this.db, info, record);

    const keyOnly = (r: Record<string, unknown> | null) => pickColumns(r, info.primaryKey);
    // Beyond the key, old values need REPLICA IDENTITY FULL; with RLS a DELETE only ever shows the key.
    const oldRecord = change.type === 'INSERT'
      ? null
      : info.replicaIdentityFull && !(info.rlsEnabled && change.type === 'DELETE') && !change.truncated
        ? change.old_record
        : keyOnly(change.old_record);

    const recipients: { member: ChannelMember; ids: number[] }[] = [];
    for (const member of [...this.members()]) {
      const ids = this.matchingIds(member, change, info, record);
      if (ids.length === 0) continue;
      if (!(await this.canSelect(member.auth.role, info))) continue;
      recipients.push({ member, ids });
    }
    if (recipients.length === 0) return;

    let visibleRecipients = recipients;
    if (info.rlsEnabled && change.type !== 'DELETE') {
      if (info.primaryKey.length === 0) {
        this.warnOnce(`${info.schema}.${info.table}`, 'has row level security but no primary key, so no subscriber can be checked: its changes are not delivered');
        return;
      }
      if (!record) return;
      visibleRecipients = await this.visibleTo(recipients, info, record);
    }

    const data: Record<string, unknown> = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
      columns: info.columns.map((c) => ({ name: c.name, type: c.type })),
      errors: null,
    };
    if (change.type !== 'DELETE') data.record = record ?? {};
    if (change.type !== 'INSERT') data.old_record = oldRecord ?? {};
    // Every recipient gets the same data: encode it once, not once per subscriber.
    const dataJson = JSON.stringify(data);
    for (const { member, ids } of visibleRecipients) member.pushEncoded('postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`);
  }

  /** The recipients whose RLS lets them SELECT the row: one check per distinct role and claims, all in one statement. */
  private async visibleTo<T extends { member: ChannelMember }>(recipients: T[], info: TableInfo, record: Record<string, unknown>): Promise<T[]> {
    const groupOf = new Map<string, number>();
    const subscribers: RequestAuth[] = [];
    const groups = recipients.map(({ member }) => {
      const key = JSON.stringify([member.auth.role, member.auth.claims]);
      let group = groupOf.get(key);
      if (group === undefined) {
        group = subscribers.push(member.auth) - 1;
        groupOf.set(key, group);
      }
      return group;
    });
    const visible = await subscribersCanSeeRow(this.db, subscribers, info, record);
    return recipients.filter((_, i) => visible[groups[i]!]);
  }
}

function bindingMatches(binding: PostgresBinding, change: CapturedChange): boolean {
  if (binding.event !== '*' && binding.event !== change.type) return false;
  if (binding.schema !== '*' && binding.schema !== change.schema) return false;
  return binding.table === undefined || binding.table === '*' || binding.table === change.table;
}
