// The browser's install offer (beforeinstallprompt, Chromium): kept until the user asks to install.

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let isListening = false;
const listeners = new Set<() => void>();

function publish(next: BeforeInstallPromptEvent | null) {
  deferred = next;
  for (const listener of listeners) listener();
}

/** Starts listening (idempotent); call early, the event may fire right after load. */
export function listenForInstallPrompt(): void {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    publish(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => publish(null));
}

export function canPromptInstall(): boolean {
  return deferred !== null;
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer is single-use either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  publish(null);
  await event.prompt();
  return (await event.userChoice).outcome;
}
