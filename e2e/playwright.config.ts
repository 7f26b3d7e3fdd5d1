import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Playwright against Debian's Chromium (browser downloads do not work here). The stack is expected to be up
 * (`npm test` starts it on test ports and passes E2E_WEB_URL); E2E_START_WEB=1 builds and previews only the web
 * app, for working on the shell alone.
 */
const webUrl = process.env.E2E_WEB_URL ?? 'http://localhost:3000';
const shouldStartWeb = process.env.E2E_START_WEB === '1';
const webPort = new URL(webUrl).port || '80';
/** A private build folder: other people build apps/web/dist at the same time, which would pull it from under us. */
const webOutDir = join(tmpdir(), `ojo-e2e-web-${webPort}`);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two cores shared with everybody (helper rules point 4).
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: webUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: shouldStartWeb
    ? {
        command: `npm run build -w @ojo/web -- --outDir ${webOutDir} --emptyOutDir && npm run preview -w @ojo/web -- --outDir ${webOutDir}`,
        cwd: '..',
        url: webUrl,
        env: { WEB_PORT: webPort },
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
      }
    : undefined,
});
