import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Imports flow one way: components/ui and lib -> features -> app. A feature never reaches into
// another feature; the app layer composes them.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A test file is never imported, from another test or from anywhere else: what tests share lives
// in src/test (render.tsx, fixtures.ts) or, end to end, in e2e/support.
const noTestFileImports = {
  regex: String.raw`\.test(\.[cm]?[jt]sx?)?$`,
  message: 'Do not import a test file; move what it shares to src/test (or e2e/support).',
};

/**
 * `no-restricted-imports` with these patterns and the ban on test files: a file gets the rule's
 * options of the last config that matches it, so every config that sets the rule repeats the ban.
 */
function restrictedImports(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns: [...patterns, noTestFileImports] }] };
}

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: restrictedImports(
    {
      group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
      message: `The ${feature} feature must not import another feature; compose features in src/app instead.`,
    },
    {
      group: ['@/app', '@/app/**'],
      message: 'Features must not import from the app layer.',
    },
    {
      group: ['../../*', '../../**'],
      message: 'Import across folders with the @/ alias so feature boundaries stay checkable.',
    },
  ),
}));

const sharedCodeBoundary = {
  files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
  rules: restrictedImports({
    group: ['@/features', '@/features/**', '@/app', '@/app/**', '**/features/**', '**/app/**'],
    message: 'Shared code (src/components, src/lib) must not import features or the app layer.',
  }),
};

export default defineConfig(
  { ignores: ['dist', 'node_modules', 'src/api/schema.ts', 'e2e/artifacts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      ...restrictedImports(),
    },
  },
  {
    files: ['e2e/**/*.ts', 'vite.config.ts', 'vitest.e2e.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['eslint.config.js', 'scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  ...featureBoundaries,
  sharedCodeBoundary,
);
