import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { env } from './config/env';
import { createFrameBridge } from './lib/frame-bridge';
import './index.css';

// Listen before React renders: the page sends initGameData as soon as the frame has loaded.
const bridge = createFrameBridge({ pageOrigin: env.webOrigin, self: window });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App bridge={bridge} />
  </StrictMode>,
);
