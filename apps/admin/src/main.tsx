import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/app.tsx';
import './app/global.css';
import { initLanguage } from './lib/i18n.ts';

// The operator's language (its catalog, one chunk) is loaded before anything renders: no raw key shows.
await initLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
