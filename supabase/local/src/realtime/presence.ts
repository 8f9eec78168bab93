// Phoenix Presence for one topic: each member may track one meta under its presence key; state and
// diffs use Phoenix's `{ key: { metas: [{ phx_ref, …payload }] } }` shape.
import { randomUUID } from 'node:crypto';

export type PresenceMeta = Record<string, unknown> & { phx_ref: string };
export type PresenceMap = Record<string, { metas: PresenceMeta[] }>;

export interface PresenceHolder {
  presenceKey: string;
  presenceMeta: PresenceMeta | null;
}

export function newPresenceRef(): string {
  return randomUUID().replace(/-/g, '').slice(0, 16);
}

export function presenceState(members: Iterable<PresenceHolder>): PresenceMap {
  const state: PresenceMap = {};
  for (const member of members) {
    if (!member.presenceMeta) continue;
    (state[member.presenceKey] ??= { metas: [] }).metas.push(member.presenceMeta);
  }
  return state;
}

export function presenceDiff(key: string, joined: PresenceMeta | null, left: PresenceMeta | null): { joins: PresenceMap; leaves: PresenceMap } {
  return {
    joins: joined ? { [key]: { metas: [joined] } } : {},
    leaves: left ? { [key]: { metas: [left] } } : {},
  };
}
