import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/client/test-setup.ts', 'src/server/test-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PostgreSQL tests share one server; each file gets its own schema, so files may run together.
    pool: 'forks',
    // Name every test, so the output shows the API suites ran on SQLite and on PostgreSQL.
    reporters: ['verbose'],
    // The server's routes are found by @fastify/autoload, which imports them itself: run it through
    // Vitest's transform so the .ts route files it finds are compiled like every other module.
    server: { deps: { inline: ['@fastify/autoload'] } },
  },
});
