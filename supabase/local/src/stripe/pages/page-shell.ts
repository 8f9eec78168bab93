// The frame shared by the double's hosted pages (checkout, Connect onboarding): a calm, Stripe-like look.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

const styles = `
  :root { color-scheme: light; --ink: #1a1f36; --muted: #697386; --line: #e3e8ee; --brand: #635bff; --danger: #df1b41; --ok: #0e6245; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f6f9fc; }
  .badge { display: inline-block; font-size: 12px; font-weight: 600; color: #a04100; background: #ffde92; border-radius: 4px; padding: 1px 6px; margin-left: 8px; }
  .layout { max-width: 920px; margin: 0 auto; padding: 48px 24px; display: grid; grid-template-columns: 1fr 1fr; gap: 48px; }
  .summary .back { color: var(--muted); text-decoration: none; font-size: 14px; }
  .summary .amount { font-size: 36px; font-weight: 600; margin: 16px 0 24px; }
  .item { display: flex; justify-content: space-between; gap: 16px; padding: 12px 0; border-bottom: 1px solid var(--line); }
  .item .qty { color: var(--muted); font-size: 13px; }
  .total { display: flex; justify-content: space-between; padding: 12px 0; font-weight: 600; }
  .panel { background: #fff; border-radius: 12px; box-shadow: 0 6px 24px rgba(50, 50, 93, .12); padding: 28px; }
  h1 { font-size: 20px; margin: 0 0 16px; }
  label { display: block; font-size: 13px; font-weight: 500; color: #3c4257; margin: 14px 0 6px; }
  input { width: 100%; font: inherit; padding: 10px 12px; border: 1px solid var(--line); border-radius: 6px; box-shadow: 0 1px 1px rgba(0,0,0,.04); }
  input:focus { outline: 2px solid rgba(99, 91, 255, .35); border-color: var(--brand); }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .card-group input:first-child { border-radius: 6px 6px 0 0; }
  .card-group .row input { border-radius: 0; border-top: 0; }
  .card-group .row input:first-child { border-radius: 0 0 0 6px; }
  .card-group .row input:last-child { border-radius: 0 0 6px 0; }
  button { width: 100%; margin-top: 22px; font: inherit; font-weight: 600; color: #fff; background: var(--brand); border: 0; border-radius: 6px; padding: 12px; cursor: pointer; }
  button:hover { filter: brightness(1.08); }
  .error { color: var(--danger); background: #fff0f3; border: 1px solid #ffd2db; border-radius: 6px; padding: 10px 12px; margin-top: 16px; }
  .notice { color: var(--muted); font-size: 13px; margin-top: 18px; }
  .notice code { color: var(--ink); }
  .done { color: var(--ok); font-weight: 600; }
  a { color: var(--brand); }
  @media (max-width: 760px) { .layout { grid-template-columns: 1fr; gap: 24px; padding: 24px 16px; } }
`;

export function pageShell(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <style>${raw(styles)}</style>
  </head>
  <body>${body}</body>
</html>`;
}

/** Minor units → "$1,234.50", honouring zero-decimal currencies like JPY. */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
