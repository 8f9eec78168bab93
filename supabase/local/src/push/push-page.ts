// The push service double's web page: received pushes newest first, decrypted, in the mailbox's look.
import { html, raw } from 'hono/html';
import { toolPageStyles } from '../http/tool-page-styles.ts';
import type { PushMessage } from './push-store.ts';

const styles = `${toolPageStyles}
  main { max-width: 960px; margin: 0 auto; padding: 24px; display: flex; flex-direction: column; gap: 16px; }
  article { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px; display: flex; flex-direction: column; gap: 10px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; color: var(--muted); font-size: 14px; }
  dd { margin: 0; color: var(--ink); overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 12px; margin: 0; }
  .empty { padding: 48px 24px; color: var(--muted); text-align: center; }
`;

// Deleting needs the DELETE verb, which a plain HTML form cannot send.
function clearScript(basePath: string): string {
  return `
  document.getElementById('clear')?.addEventListener('click', async () => {
    if (!confirm('Delete all pushes?')) return;
    await fetch(${JSON.stringify(`${basePath}/v1/messages`)}, { method: 'DELETE' });
    location.reload();
  });
`;
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }) + ' UTC';
}

/** `basePath` is where the page is mounted (e.g. `/push`), so links work behind any prefix. */
export function renderPushPage(messages: PushMessage[], basePath: string) {
  const items = messages.map(
    (m) => html`<article aria-label="Push ${m.topic ?? m.id}">
      <dl>
        <dt>Received</dt><dd>${formatDate(m.receivedAt)}</dd>
        <dt>Subscription</dt><dd><a href="${basePath}/v1/messages?subscription=${encodeURIComponent(m.subscriptionId)}">${m.subscriptionId}</a></dd>
        <dt>From (VAPID sub)</dt><dd>${m.vapidSubject}</dd>
        <dt>Topic</dt><dd>${m.topic ?? '—'}</dd>
        <dt>Urgency</dt><dd>${m.urgency}</dd>
        <dt>TTL</dt><dd>${m.ttl} s</dd>
        <dt>Delivered</dt><dd>${m.deliveredAt ? formatDate(m.deliveredAt) : 'not yet'}</dd>
      </dl>
      <pre>${m.text ?? '(no payload)'}</pre>
    </article>`,
  );

  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Local push service (${messages.length})</title>
    <style>${raw(styles)}</style>
  </head>
  <body>
    <header>
      <h1>Local push service</h1>
      <div class="actions">
        <span>${messages.length} ${messages.length === 1 ? 'push' : 'pushes'}</span>
        <a href="${basePath.replace(/\/push$/, '/mailbox')}">Mailbox</a>
        <a href="${basePath}">Refresh</a>
        <button id="clear" type="button">Delete all</button>
      </div>
    </header>
    <main>
      ${messages.length ? items : html`<p class="empty">No push yet. Pushes sent to the endpoints of /push/v1/subscriptions appear here, decrypted.</p>`}
    </main>
    <script type="module">${raw(clearScript(basePath).replace(/</g, '\\u003c'))}</script>
  </body>
</html>`;
}
