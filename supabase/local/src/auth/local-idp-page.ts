// The local test identity provider's approval page: type an e-mail (and optionally a name), approve or deny.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export function localIdpPage(opts: { state: string; provider: string; redirectHost: string; error?: string }): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Local sign-in: ${opts.provider}</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; background: #f4f4f5; margin: 0; display: grid; place-items: center; min-height: 100vh; }
      main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); width: min(26rem, 90vw); }
      h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
      p { color: #52525b; margin: 0 0 1rem; }
      label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
      input { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #a1a1aa; border-radius: 8px; font: inherit; }
      .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
      button { flex: 1; padding: .7rem; border-radius: 8px; border: 0; font: inherit; font-weight: 600; cursor: pointer; }
      button[value=approve] { background: #0f766e; color: #fff; }
      button[value=deny] { background: #e4e4e7; color: #18181b; }
      .error { color: #b91c1c; }
    </style>
  </head>
  <body>
    <main>
      <h1>Sign in with ${opts.provider} (local test provider)</h1>
      <p>This page stands in for ${opts.provider} on the local Supabase stand-in. Approving sends you back to ${opts.redirectHost}.</p>
      ${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
      <form method="post">
        <input type="hidden" name="state" value="${opts.state}" />
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="email" required autofocus />
        <label for="full_name">Full name (optional)</label>
        <input id="full_name" name="full_name" type="text" autocomplete="name" />
        <div class="actions">
          <button type="submit" name="decision" value="approve">Approve</button>
          <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
        </div>
      </form>
    </main>
  </body>
</html>`;
}
