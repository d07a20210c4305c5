import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
)
