import type { AnyCommand } from './command.ts';
import { markConversationRead, markConversationReadV1 } from './message-mark-read.ts';
import { sendMessage } from './message-send.ts';
import { updateProfile, updateProfileV1 } from './profile-update.ts';
import { createPropertyReview, createReview } from './review-create.ts';
import { setRoomAvailability, setRoomAvailabilityV1 } from './room-set-availability.ts';

/**
 * Every command an outbox entry may name. Entries outlive app versions: keep a retired version here
 * until no client can still hold it (or migrate its args in a Dexie upgrade).
 */
export const commandList = [sendMessage, markConversationRead, markConversationReadV1, updateProfile, updateProfileV1, setRoomAvailability, setRoomAvailabilityV1, createReview, createPropertyReview] as unknown as readonly AnyCommand[];

export function createCommandRegistry(commands: readonly AnyCommand[] = commandList): ReadonlyMap<string, AnyCommand> {
  const registry = new Map<string, AnyCommand>();
  for (const command of commands) {
    if (registry.has(command.name)) throw new Error(`Duplicate command name ${command.name}`);
    registry.set(command.name, command);
  }
  return registry;
}
