import * as v from 'valibot';
import type { RoomRow } from '../../db/tables.ts';
import { defineCommand } from './command.ts';

const schema = v.object({ roomId: v.pipe(v.string(), v.uuid()), isAvailable: v.boolean() });

export type SetRoomAvailabilityArgs = v.InferInput<typeof schema>;
type Parsed = v.InferOutput<typeof schema>;

/** The host's availability toggle on a room (RLS: only the property's host may write it). */
export const setRoomAvailability = defineCommand<Parsed>({
  name: 'room.setAvailability@1',
  schema,
  entity: 'rooms',
  entityId: (args) => args.roomId,
  tables: (db) => [db.rooms.name],
  async applyLocal(db, args) {
    const before = await db.rooms.get(args.roomId);
    if (before) await db.rooms.put({ ...before, is_available: args.isAvailable, _status: 'pending' });
    return before ?? null;
  },
  async push(remote, args) {
    const rows = await remote.update('rooms', { is_available: args.isAvailable }, { id: args.roomId });
    return { table: 'rooms', rows };
  },
  onPermanentFailure: 'rollback',
  async rollback(db, args, before) {
    if (before) await db.rooms.put(before as RoomRow);
    else await db.rooms.delete(args.roomId);
  },
});
