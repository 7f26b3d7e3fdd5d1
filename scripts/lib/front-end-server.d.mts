// Types of front-end-server.mjs for the wallet's Vite config (TypeScript).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export type ConnectHandler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export declare const APP_SHELL_FILE: string;
export declare function devnetDeploymentsHandler(file: string): ConnectHandler;
export declare function createFrontEndServer(options: { root: string; handlers?: ConnectHandler[] }): Server;
