// Lint: eslint's and typescript-eslint's recommended rules over our TypeScript, with the few this
// codebase decides otherwise (explained inline). `npm run lint`; CI runs it (.ci/run).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'bench/.tmp/',
      'examples/graphql/generated.ts',
      'examples/rest/openapi.d.ts',
      'src/demo/data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain-JavaScript scripts run on node.
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    rules: {
      // Upstream JSON is untyped by nature; parsers narrow it through the parse kit.
      '@typescript-eslint/no-explicit-any': 'off',
      // `_name` marks a deliberately unused binding (destructuring to drop a key, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Empty catch blocks say "this failure is expected and changes nothing" — with a comment.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // No function over 150 lines outside tests (issue 31): a closure's handlers are named functions
  // taking what they need, a long declaration list is split by what it declares.
  {
    files: ['src/**/*.ts', 'scripts/**/*.ts', 'scripts/**/*.mjs'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  // Source never depends on tests: what the demo and the tests share lives under src/ (each
  // platform's samples.ts); only tests reach into test/.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/test/**'], message: 'src/ must not import from test/' }] }],
    },
  },
);
