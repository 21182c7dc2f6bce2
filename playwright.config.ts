import { defineConfig } from '@playwright/test';

// With POSTLOOM_TEST_DATABASE=postgres (npm test's second Playwright run) the servers the stories
// start use PostgreSQL databases (tests/support/spawn-server.ts) and only these stories run: sign-in,
// composing and publishing, and the calendar.
const onPostgres = process.env.POSTLOOM_TEST_DATABASE === 'postgres';
const POSTGRES_STORIES = {
  files: ['auth.spec.ts', 'posts.spec.ts', 'publishing.spec.ts', 'schedule.spec.ts'],
  titles: [
    'a new user signs up, confirms by e-mail, signs in and out, and resets the password',
    'a new user schedules a three-tweet thread with an image, edits it and deletes it',
    'Post Now publishes a tweet, which Sent Posts lists under its day with View Post',
    'a post scheduled 5 seconds ahead moves to Sent Posts and a success notification appears',
    'the calendar switches between month and week, and a click on a future day creates a post there',
    'a post dragged to another day keeps its time of day, also after a reload',
  ],
};

/** Browser stories in Debian's Chromium against real servers started by each test file. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: onPostgres ? POSTGRES_STORIES.files.map((file) => `**/${file}`) : '**/*.spec.ts',
  grep: onPostgres ? POSTGRES_STORIES.titles.map((title) => new RegExp(literally(title))) : undefined,
  // A private PostgreSQL cluster unless POSTLOOM_TEST_PG_URL names a server (npm test starts one).
  globalSetup: onPostgres ? './tests/support/postgres-global-setup.ts' : undefined,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Two files at a time, each in its own worker with its own server (free port, own DATA_DIR) and
  // browser: a file's stories share that server and its users, so they run in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: onPostgres ? 'reports/playwright-postgres.json' : 'reports/playwright.json' }],
  ],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});

/** The title as a pattern that matches it literally. */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
