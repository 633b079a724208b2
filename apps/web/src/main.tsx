import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { applyTheme } from '@/lib/theme.tsx';
import './index.css';

// Set the theme class before React renders so the first paint has the right colours.
applyTheme();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
