import fs from 'node:fs';
import importX from 'eslint-plugin-import-x';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * An import of another server module that names anything but its public entry: `<prefix><name>/<name>-module`.
 * `prefix` is how the importing file reaches the modules folder.
 */
function serverEntryOnly(prefix) {
  return {
    // A module's configuration piece (<name>-config.ts) is open too: config.ts merges them all at start-up.
    regex: `${prefix}(?!\\.)([^/]+)/(?!\\1-(module|config)$)`,
    message: 'Import another server module through its public entry, modules/<name>/<name>-module.ts.',
  };
}

/** The browser code (the web app, the shared packages) never imports server code. */
const noServerCode = { group: ['**/apps/server/**', '@cardstack/server*'], message: 'The browser code must not import server code.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/vendor/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Globals per runtime (TypeScript's own checks go further: a tsconfig per app, see tsconfig.json).
  { files: ['apps/web/src/**'], languageOptions: { globals: globals.browser } },
  { files: ['packages/*/src/**'], languageOptions: { globals: globals['shared-node-browser'] } },
  // Browser tests run in Node and hand functions to the page.
  { files: ['e2e/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { ignores: ['apps/web/src/**', 'packages/*/src/**', 'e2e/**'], languageOptions: { globals: globals.node } },
  // The Zapier app is CommonJS, as Zapier's platform loads it (its own package, installed on its own).
  {
    files: ['integrations/zapier/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  webBoundaries(),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'packages/card-view/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The web app and the shared packages never import server code.
    files: ['apps/web/**', 'packages/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerCode] }] },
  },
  {
    // The SPA's requests live in one file per endpoint, features/<name>/api/ (docs/decisions/0044-the-spas-data-layer.md):
    // screens and components call those files' fetchers and hooks, never the API client itself.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            {
              group: ['**/lib/api-client'],
              importNames: ['api', 'uploadWithProgress'],
              message: 'Call the endpoint through its file in features/<name>/api/ (fetcher, query options, hook).',
            },
          ],
        },
      ],
    },
  },
  // ---- Server module boundaries (docs/decisions/0011-module-boundaries.md) ----
  {
    files: ['apps/server/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // Type-only imports do not count: they leave nothing behind at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A module reaches another only through that module's public entry, modules/<name>/<name>-module.ts.
    files: ['apps/server/src/modules/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverEntryOnly('^\\.\\./')] }],
    },
  },
  {
    files: ['apps/server/src/modules/*/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverEntryOnly('^\\.\\./\\.\\./')] }],
    },
  },
  {
    // The composition root declares every value before it is used (no closure over a later declaration).
    files: ['apps/server/src/app.ts'],
    rules: { '@typescript-eslint/no-use-before-define': ['error', { functions: false, typedefs: false, ignoreTypeReferences: true }] },
  },
  {
    files: ['apps/server/src/*.{ts,tsx}', 'apps/server/src/{db,http,web}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverEntryOnly('^(?:\\./|\\.\\./)modules/')] }],
    },
  },
);

/**
 * The web app's layers: lib/ → components/ → features/ → app/, each importing only from the layers before it.
 * A feature uses another feature only through that feature's public entry (`features/<name>/public.ts`),
 * and no module imports itself back through others.
 */
function webBoundaries() {
  const src = './apps/web/src';
  const features = fs.readdirSync(new URL(`${src}/features`, import.meta.url));
  return {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle reads the imported files too: they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            { target: `${src}/lib`, from: [`${src}/components`, `${src}/features`, `${src}/app`], message: 'lib/ is the bottom layer.' },
            { target: `${src}/components`, from: [`${src}/features`, `${src}/app`], message: 'The UI kit does not know the features or the app.' },
            { target: `${src}/features`, from: `${src}/app`, message: 'Features do not import the app that composes them.' },
            ...features.map((feature) => ({
              target: `${src}/features/${feature}`,
              from: `${src}/features`,
              except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/public.ts`)],
              message: 'Another feature is used only through its public entry, features/<name>/public.ts.',
            })),
          ],
        },
      ],
    },
  };
}
