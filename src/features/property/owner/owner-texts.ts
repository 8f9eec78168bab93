// Owner-view texts the spec leaves "not shown" (ours). SPEC texts come from domain/messages.
import type { Toast } from '../../../domain/messages.ts';

export const ROOM_ADDED: Toast = { title: 'Room added', description: 'Guests can now request to book it.' };
export const UPDATE_ROOM_FAILED_TITLE = 'Error updating room';
export const DELETE_ROOM_FAILED_TITLE = 'Error deleting room';
export const AVAILABILITY_FAILED_TITLE = 'Error updating availability';
export const OFFLINE_HINT = "You're offline. Photo and room changes need a connection; availability changes are saved and sent later.";
