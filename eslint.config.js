// Lint rules for the whole repository (`npm run lint`, also run by `npm test`).
// Fast on purpose: typescript-eslint's syntactic rules (tsc already type-checks everything).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** Import boundaries (docs/decisions/0019): shared → features → app. */
const featureBoundary = {
  // A feature uses another feature only through its public entry (`../other`, its index.ts).
  regex: '^\\.\\./[a-z-]+/',
  message: 'Uma feature só importa outra pelo index.ts dela (../outra), nunca os seus ficheiros internos.',
};
const noApp = { regex: '(^|/)app/', message: 'As features e os componentes partilhados não importam da app (a app compõe as features).' };
const noFeatures = { regex: '(^|/)features/', message: 'Os componentes e utilitários partilhados não importam features.' };
const noModules = { regex: '(^|/)modules/', message: 'lib/ e db/ são partilhados: não importam módulos.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/**', 'apps/api/src/db/migrations/**', 'e2e/.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The two classic rules of hooks. v7's other recommended rules (set-state-in-effect, refs,
      // incompatible-library...) check code for the React Compiler, which this app does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on our own components is a prop (the account type), not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // Lists styled without bullets lose their list semantics in Safari/VoiceOver unless role="list" says so.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // Option cards put the input and its text a few spans deep inside the label.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [featureBoundary, noApp] }] },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFeatures, noApp] }] },
  },
  {
    files: ['apps/api/src/lib/**/*.ts', 'apps/api/src/db/**/*.ts'],
    ignores: ['apps/api/src/db/seed/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noModules] }] },
  },
);
