// The mailbox web page: received mails newest first, and the selected one rendered in a sandboxed iframe.
import { html, raw } from 'hono/html';
import { toolPageStyles } from '../http/tool-page-styles.ts';
import type { MailMessage } from './mailbox-store.ts';

const styles = `${toolPageStyles}
  main { display: grid; grid-template-columns: minmax(260px, 360px) 1fr; min-height: calc(100vh - 58px); }
  nav { border-right: 1px solid var(--line); background: #fff; overflow-y: auto; }
  nav a { display: block; padding: 12px 18px; border-bottom: 1px solid var(--line); text-decoration: none; color: inherit; }
  nav a[aria-current="true"] { background: #ecfdf5; box-shadow: inset 3px 0 0 var(--brand); }
  nav .subject { font-weight: 600; display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  nav .meta { color: var(--muted); font-size: 13px; }
  article { padding: 24px; display: flex; flex-direction: column; gap: 12px; }
  article h2 { margin: 0; font-size: 20px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; color: var(--muted); font-size: 14px; }
  dd { margin: 0; color: var(--ink); }
  iframe { width: 100%; min-height: 480px; flex: 1; border: 1px solid var(--line); border-radius: 12px; background: #fff; }
  pre { white-space: pre-wrap; background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px; margin: 0; }
  .empty { padding: 48px 24px; color: var(--muted); text-align: center; }
  @media (max-width: 720px) { main { grid-template-columns: 1fr; } nav { border-right: 0; } }
`;

// Deleting needs the DELETE verb, which a plain HTML form cannot send.
function clearScript(basePath: string): string {
  return `
  document.getElementById('clear')?.addEventListener('click', async () => {
    if (!confirm('Delete all mails?')) return;
    await fetch(${JSON.stringify(`${basePath}/api/messages`)}, { method: 'DELETE' });
    location.href = location.pathname;
  });
`;
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}

/** `basePath` is where the page is mounted (e.g. `/mailbox`), so links work behind any prefix. */
export function renderMailboxPage(messages: MailMessage[], selected: MailMessage | null, basePath: string) {
  const list = messages.map(
    (m) => html`<a href="${basePath}?id=${encodeURIComponent(m.id)}" aria-current="${selected?.id === m.id ? 'true' : 'false'}">
      <span class="subject">${m.subject || '(no subject)'}</span>
      <span class="meta">${m.to.join(', ')} · ${formatDate(m.receivedAt)}</span>
    </a>`,
  );
  const view = selected
    ? html`<article>
        <h2>${selected.subject || '(no subject)'}</h2>
        <dl>
          <dt>From</dt><dd>${selected.from}</dd>
          <dt>To</dt><dd>${selected.to.join(', ')}</dd>
          <dt>Received</dt><dd>${formatDate(selected.receivedAt)}</dd>
        </dl>
        ${selected.html !== null
          ? html`<iframe title="Message body" sandbox="" referrerpolicy="no-referrer" srcdoc="${selected.html}"></iframe>`
          : html`<pre>${selected.text ?? ''}</pre>`}
      </article>`
    : html`<p class="empty">${messages.length ? 'Select a mail to read it.' : 'No mail yet. Mails the functions send appear here.'}</p>`;

  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Local mailbox (${messages.length})</title>
    <style>${raw(styles)}</style>
  </head>
  <body>
    <header>
      <h1>Local mailbox</h1>
      <div class="actions">
        <span>${messages.length} ${messages.length === 1 ? 'mail' : 'mails'}</span>
        <a href="${basePath}">Refresh</a>
        <button id="clear" type="button">Delete all</button>
      </div>
    </header>
    <main>
      <nav aria-label="Mails">${list}</nav>
      ${view}
    </main>
    <script type="module">${raw(clearScript(basePath).replace(/</g, '\\u003c'))}</script>
  </body>
</html>`;
}
