import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noFeatureCycle from './eslint-rules/no-feature-cycle.js';
import noDirectApiCall from './eslint-rules/no-direct-api-call.js';
import fs from 'node:fs';

const featuresDir = 'src/client/features';
const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir).filter((f) => !f.includes('.')) : [];
const serverFromClient = { group: ['**/server/**'], message: 'The client may not import server code; use the API.' };

const nodeBuiltins = { regex: '^node:', message: 'Shared code runs in the browser too: no Node APIs.' };
// The shop's own rules (eslint-rules/), one plugin object: flat config refuses a plugin name defined twice differently.
const layers = { rules: { 'no-feature-cycle': noFeatureCycle, 'no-direct-api-call': noDirectApiCall } };

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Smaller units: a component over about 150 lines is split into named parts.
  {
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  // Boundaries of docs/architecture.md: shared imports neither client nor server (nor React, nor Node);
  // client and server never import each other; a feature uses another only through its index.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', '**/server/**'], message: 'src/shared may not import client or server code.' },
            {
              group: ['react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'better-sqlite3', 'pg'],
              message: 'src/shared is pure: no UI, server or database libraries.',
            },
            nodeBuiltins,
          ],
        },
      ],
    },
  },
  { files: ['src/client/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [serverFromClient] }] } },
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverFromClient,
            {
              regex: `^\\.[./]*/(features/)?(${features.filter((f) => f !== feature).join('|') || '-'})/(?!index$).+`,
              message: 'Import another feature through its index, not its internals.',
            },
          ],
        },
      ],
    },
  })),
  // Layers of the client (as in bulletproof-react): app wires features together; shared components
  // never know a feature (they get what they need from app or through props); features never
  // import each other in a circle.
  {
    files: ['src/client/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverFromClient,
            {
              regex: '^(\\.\\./)+features(/.*)?$',
              message: 'Shared components may not import a feature: take it from src/client/app or through props.',
            },
          ],
        },
      ],
    },
  },
  // Circles between features through their indexes (eslint-rules/no-feature-cycle.js).
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/no-feature-cycle': ['error', { featuresDir: featuresDir }] },
  },
  // Smaller rooms (issue 28): a server file over 400 lines is split along a real seam. Tests, the
  // seed data and the schema are exempt: they are lists, not logic.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/db/seed/**', 'src/server/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // One way to call the API (issue 28): features and components use RTK Query endpoints; only app
  // talks HTTP itself (eslint-rules/no-direct-api-call.js).
  {
    files: [`${featuresDir}/**/*.{ts,tsx}`, 'src/client/components/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/no-direct-api-call': 'error' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**'], message: 'The server may not import client code.' }] }],
    },
  },
  // Use cases own their transaction and its effects (docs/architecture.md): nothing else opens a
  // transaction, and no write path wakes the job runner or tells the catalogue of stock by hand; it
  // declares the effect (after.jobAdded(), after.stockChanged(ids)) and inTransaction runs it after
  // the commit. The job runner (its claims, and handlers that finish their job in their own
  // transaction, jobs/) and the first start's seeding are the exceptions.
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*.test.ts',
      'src/server/use-cases/use-case.ts',
      'src/server/services/outbox-sender.ts',
      'src/server/jobs/**',
      'src/server/db/seed/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open transactions only through inTransaction (src/server/use-cases/use-case.ts), in a use case.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(wake|stockChanged)$/]:not([callee.object.name='after']):not([callee.object.property.name='after'])",
          message: 'Declare the effect inside the use case (after.jobAdded(), after.stockChanged(ids)): inTransaction runs it after the commit.',
        },
      ],
    },
  },
  // The catalogue's face hands stock changes to the replica: it is where after.stockChanged() lands.
  {
    files: ['src/server/services/catalog-service.ts', 'src/server/catalog/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open transactions only through inTransaction (src/server/use-cases/use-case.ts), in a use case.',
        },
      ],
    },
  },
  // One way to translate (decision 026): the shop's translator, not i18next's code (17.9 KB gzip on
  // every page). i18next's types still type the keys (translation-keys.ts), so `import type` is allowed.
  // typescript-eslint's rule, apart from the boundaries above (a later config would replace their options).
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'i18next',
              allowTypeImports: true,
              message: 'Translate with src/shared/i18n/translator.ts (decision 026); only its types may come from i18next.',
            },
            { name: 'react-i18next', message: 'Use useTranslation and I18nProvider from src/client/app/i18n-view.ts (decision 026).' },
            { name: 'i18next-http-backend', message: 'The translator loads files itself (src/client/app/i18n.ts).' },
            { name: 'i18next-browser-languagedetector', message: 'The language is detected by src/client/app/i18n.ts.' },
          ],
        },
      ],
    },
  },
);
