import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-lab/**',
      'var/**',
      'e2e/.out/**',
      'test-results/**',
      // bench/gpu/pack.sh's pack
      '.gpu/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/viz/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Configuration is read in one place: apps/server/src/config.ts.
    files: ['apps/**/*.ts', 'packages/**/*.ts'],
    ignores: ['**/config.ts', '**/*.test.ts', '**/vite.config.ts', 'apps/server/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through apps/server/src/config.ts.' },
      ],
    },
  },
  {
    // Functions split by what they do (issue 39): a factory, a route registration or a screen past 200 lines is
    // several things, each of which deserves a name. Tests are left out (a describe block is a list, not a function).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 200, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Playwright's check()/uncheck() read the state once, straight after the click (microsoft/playwright#13470).
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(check|uncheck|setChecked)$/]',
          message: "Tick through e2e/fixtures.ts's tick(), which waits for the page to show the new state.",
        },
      ],
    },
  },
);
