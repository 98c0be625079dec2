// Test projects: unit (pure logic), server (API through app.inject on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), e2e (Playwright driving Debian's Chromium against the built server).
import { defineConfig } from 'vitest/config'

const server = (name: string, db: 'pglite' | 'pg') => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    env: { TEST_DB_KIND: db },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/server/global-setup.ts'],
  },
})

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      server('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'pg')] : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
})
