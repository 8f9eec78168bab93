// The look the stand-in's own pages share (the mailbox, the push double): colours, type, header, links
// and buttons. Each page adds its layout.
export const toolPageStyles = `
  :root { color-scheme: light; --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --brand: #0f766e; --bg: #f8fafc; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); }
  header { display: flex; align-items: center; justify-content: space-between; padding: 14px 24px; background: #fff; border-bottom: 1px solid var(--line); }
  header h1 { font-size: 18px; margin: 0; }
  header .actions { display: flex; gap: 12px; align-items: center; }
  a { color: var(--brand); }
  button { font: inherit; border: 1px solid var(--line); background: #fff; border-radius: 8px; padding: 6px 12px; cursor: pointer; }
`;
