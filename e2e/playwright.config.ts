import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_ADMIN_EMAIL,
  E2E_AUTH_EMULATOR_HOST,
  E2E_FAKE_MODEL_PORT,
  E2E_PORT,
  E2E_SMTP_LIST_PORT,
  E2E_SMTP_PORT,
  E2E_STREAM_PORT,
} from './support/env.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'vuxo-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const serverEnv = {
  FIREBASE_PROJECT_ID: 'demo-vuxo',
  FIREBASE_AUTH_EMULATOR_HOST: E2E_AUTH_EMULATOR_HOST,
  LOG_LEVEL: 'warn',
};

const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/**
 * Most specs run in Debian's Chromium headless shell: the same engine without the browser's own interface, a third
 * less CPU for the suite (decision 111). The specs where the visitor's browser itself is the subject — the widget
 * framed on another origin, third-party with partitioned storage — run in Debian's full Chromium.
 */
const shell = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
    args: browserArgs,
  },
};
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: browserArgs },
};
const IN_FULL_CHROMIUM = /widget-(conversation|embed|messages|request-menu|live)\.spec\.ts$/;

/**
 * Real server (started the way `npm start` does), real Firebase Auth emulator, Debian's Chromium. Playwright
 * starts the servers one after the other, each once the one before answers: the main one (which builds the app
 * and starts the emulator), a fake language model, then a stream server whose bots that model answers
 * (chat-stream.spec), run straight from the build with its own port and data, sharing the emulator.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  // With TEST_REPORT_DIR (CI), each test's time also goes to a JSON report there, for scripts/test-report.mjs.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: path.join(process.env.TEST_REPORT_DIR, 'e2e.json') }]]
    : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // Endless decorative animations cost the software-rendering browser a third of the suite's CPU (decision
    // 075): visitors here prefer reduced motion; the tests of motion itself ask for 'no-preference'.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot; the trace's filmstrip, a
    // frame captured all the time for every test, cost 7 % of the suite.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Signs in once per role through the account chooser and keeps each session for the tests (support/sessions.ts).
    { name: 'setup', testDir: './setup', testMatch: /\.setup\.ts$/, use: shell },
    { name: 'shell', use: shell, testIgnore: IN_FULL_CHROMIUM, dependencies: ['setup'] },
    { name: 'chromium', use: chromium, testMatch: IN_FULL_CHROMIUM, dependencies: ['setup'] },
  ],
  webServer: [
    {
      command: 'node scripts/start.mjs',
      cwd: root,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(E2E_PORT),
        DATA_DIR: dataDir,
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        // Website sources read the tests' own pages on 127.0.0.1.
        ALLOW_PRIVATE_URLS: 'on',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      },
    },
    {
      command: 'node_modules/.bin/tsx e2e/support/smtp-sink.ts',
      cwd: root,
      url: `http://127.0.0.1:${E2E_SMTP_LIST_PORT}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node_modules/.bin/tsx e2e/support/fake-model.ts',
      cwd: root,
      url: `http://127.0.0.1:${E2E_FAKE_MODEL_PORT}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: root,
      url: `http://127.0.0.1:${E2E_STREAM_PORT}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(E2E_STREAM_PORT),
        DATA_DIR: path.join(dataDir, 'stream-server'),
        LLM_BASE_URL: `http://127.0.0.1:${E2E_FAKE_MODEL_PORT}/v1`,
        LLM_API_KEY: 'e2e-fake-key',
        LLM_MODEL: 'e2e-fake-model',
      },
    },
  ],
});
