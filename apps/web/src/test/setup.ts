import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no layout: its scrollTo only logs 'Not implemented'. The router's scroll restoration calls it.
if (typeof window !== 'undefined') window.scrollTo = () => {};
