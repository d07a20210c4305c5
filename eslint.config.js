import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// One Link, cheap on the server (docs/decisions/035). Named again in the routes' block below: a later block's
// no-restricted-imports replaces an earlier one's for the files both match.
const remixLink = {
  name: '@remix-run/react',
  importNames: ['Link', 'NavLink'],
  message: 'Use Link and NavLink from #app/components/link.tsx: the same <a>, without the router work on the server.',
}

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.data/', 'playwright-report/', 'test-results/', 'db/types.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Every address and every form reaches the app through one door each, which drops NUL (docs/decisions/025).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/utils/request-url.ts', 'app/utils/form-data.server.ts', 'app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "NewExpression[callee.name='URL'][arguments.0.object.name='request'][arguments.0.property.name='url']",
          message: 'Read the address with requestUrl(request) (app/utils/request-url.ts): its query comes without NUL.',
        },
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
          message: 'Read a form with readFormData (app/utils/form-data.server.ts): bounded, and without NUL.',
        },
      ],
    },
  },
  {
    // How modules depend on each other (docs/decisions/034).
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // A dynamic import() is where a module graph is cut on purpose (the job handlers: jobs/names.ts).
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '#*/**', group: 'internal' }],
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './app/components',
              from: ['./db/**', './app/**/*.server.ts', './app/**/*.server.tsx'],
              message: 'Components run in the browser too: give them data, not server modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/components/link.tsx', 'app/components/link.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [remixLink] }] },
  },
  {
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [remixLink],
          patterns: [
            {
              regex: '^#db/(?!client\\.ts$)',
              message: 'Routes reach the database through app/models, handing them the db from #db/client.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
)
