import { startApp } from './app/start-app';
import './index.css';

// The entry of every page served the app shell (app-shell.html). The prerendered landing page starts with
// src/landing.tsx instead (vite.prerender.ts).
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void startApp(container);
