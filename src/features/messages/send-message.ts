import { SEND_MESSAGE_FAILED } from '../../domain/messages.ts';
import { logger } from '../../lib/logger.ts';
import { sendMessage } from '../../sync/commands/message-send.ts';
import { discardWrite, retryWrite, runCommand } from '../../sync/session-actions.ts';
import { toast } from '../../ui/toast/toast-queue.ts';
import type { DirectType } from './chat-target.ts';

/** Where a message goes: a house chat, or a direct conversation of a known type. */
export type MessageAddress = { kind: 'house'; propertyId: string } | { kind: 'direct'; userId: string; type: DirectType };

/**
 * Queues a message (message.send: shown at once as pending, sent when online, exactly once thanks
 * to its client-made id). Returns false, with the docs/product.md §8 toast, when it could not even be queued.
 */
export async function queueMessage(address: MessageAddress, text: string): Promise<boolean> {
  const id = crypto.randomUUID();
  const args = address.kind === 'house'
    ? { id, conversationType: 'house' as const, propertyId: address.propertyId, text }
    : { id, conversationType: address.type, receiverId: address.userId, propertyId: null, text };
  try {
    await runCommand(sendMessage, args);
    return true;
  } catch (error) {
    logger.warn('Message could not be queued', error);
    toast.error(SEND_MESSAGE_FAILED.title, SEND_MESSAGE_FAILED.description);
    return false;
  }
}

export function retryMessage(id: string): void {
  retryWrite('messages', id).catch((error: unknown) => logger.warn('Retry failed', error));
}

export function deleteUnsentMessage(id: string): void {
  discardWrite('messages', id).catch((error: unknown) => logger.warn('Delete failed', error));
}
