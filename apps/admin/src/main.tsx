import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/app.tsx';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
