import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css.ts';
import { App } from './app/app.tsx';
import { PRERENDERED_ATTRIBUTE } from './config/prerendered-pages.ts';
import { installRenditionFallback } from './lib/rendition-fallback.ts';

// Before anything renders: a photo stored without renditions shows as its original (docs/decisions/photo-renditions.md).
installRenditionFallback();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A prerendered page hydrates; its HTML rendered without a query is not Explore's page for one (docs/decisions/prerendered-public-pages.md).
const prerendered = root.getAttribute(PRERENDERED_ATTRIBUTE);
if (prerendered === 'any-query' || (prerendered === 'without-query' && !location.search)) hydrateRoot(root, app);
else createRoot(root).render(app);
