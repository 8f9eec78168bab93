// The build's server entry (docs/decisions/prerendered-public-pages.md): one page of the app rendered to
// HTML as the browser's first render will produce it, so main.tsx can hydrate it. Runs in Node at build time.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import '../../styles/global.css.ts';
import { App } from '../app.tsx';

/** The markup of `<App />` at `path`, after every lazy route and component it renders has loaded. */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
