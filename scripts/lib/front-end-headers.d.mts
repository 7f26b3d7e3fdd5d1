// Types of front-end-headers.mjs for the apps' Vite configs (TypeScript).
import type { Plugin } from 'vite';

export type FrontEndApp = 'web' | 'game' | 'wallet';
export declare const FRONT_END_APPS: FrontEndApp[];
export declare const SECURITY_HEADERS_FILE: string;

export interface FrontEndOrigins {
  web: string;
  game: string;
  wallet: string;
  api: string;
  webApiHosts: string[];
  chain: string;
  bundler: string;
}

export declare function frontEndOrigins(env: Record<string, string | undefined>): FrontEndOrigins;
export declare function inlineScriptHashes(html: string): string[];
export declare function contentSecurityPolicy(
  app: FrontEndApp,
  origins: FrontEndOrigins,
  scriptHashes?: string[],
): string;
export declare function securityHeaders(
  app: FrontEndApp,
  origins: FrontEndOrigins,
  scriptHashes?: string[],
): Record<string, string>;
export declare function readSecurityHeaders(outDir: string): Record<string, string>;
export declare function securityHeadersPlugin(
  app: FrontEndApp,
  env: Record<string, string | undefined>,
): Plugin;
