// Texts of the listing forms that the spec leaves "not shown" (ours). SPEC texts come from domain/messages.
import type { Toast } from '../../domain/messages.ts';

export const UNAUTHORIZED_EDIT_PROPERTY: Toast = { title: 'Unauthorized', description: "You don't have permission to edit this property" };
export const ROOM_ADDED: Toast = { title: 'Room added', description: 'Guests can now request to book it.' };
