// Lint rules, including the layer rules of docs/architecture.md: a part imports the core and nothing beside it;
// only the pipeline and the commands put parts together; nothing imports a command; product code never imports tests.
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import astro from 'eslint-plugin-astro';

/**
 * The parts. The pipeline (typed steps: crawl, diff, site data, pages) and the commands (flags → those steps) are the
 * only code that puts other parts together; a command is a process entry point, imported by nothing.
 */
export const ELEMENTS = [
  { type: 'command', pattern: 'scripts/commands/**', partialMatch: false },
  { type: 'pipeline', pattern: 'scripts/pipeline/**', partialMatch: false },
  { type: 'core', pattern: 'scripts/core/**', partialMatch: false },
  { type: 'source', pattern: 'scripts/source/**', partialMatch: false },
  { type: 'demo', pattern: 'scripts/demo/**', partialMatch: false },
  { type: 'crawler', pattern: 'scripts/snapshot/**', partialMatch: false },
  { type: 'diff', pattern: 'scripts/diff/**', partialMatch: false },
  { type: 'mapping', pattern: 'scripts/mapping/**', partialMatch: false },
  { type: 'browser', pattern: 'scripts/browser/**', partialMatch: false },
  { type: 'site', pattern: 'src/**', partialMatch: false },
  { type: 'bench', pattern: 'bench/**', partialMatch: false },
  { type: 'tests', pattern: 'tests/**', partialMatch: false },
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const from = (type, ...allowed) => ({ from: { element: { type } }, allow: to(type, ...allowed) });

/** Who may import whom. Anything not listed is an error. */
export const POLICIES = [
  from('core'),
  from('source', 'core', 'demo'),
  from('demo', 'core'),
  from('crawler', 'core'),
  from('diff', 'core'),
  from('mapping', 'core'),
  from('browser'),
  from('site', 'core'),
  from('pipeline', 'core', 'source', 'demo', 'crawler', 'diff', 'mapping', 'site'),
  from('command', 'core', 'source', 'demo', 'crawler', 'diff', 'mapping', 'site', 'pipeline'),
  from('bench', 'core', 'source', 'demo', 'crawler', 'diff', 'mapping', 'site', 'pipeline', 'browser'),
  from('tests', 'core', 'source', 'demo', 'crawler', 'diff', 'mapping', 'site', 'pipeline', 'browser', 'bench'),
];

/** The rules that need type information (only files of the TypeScript project get them). */
export const TYPE_AWARE_RULES = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/switch-exhaustiveness-check': [
    'error',
    { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
  ],
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
  '@typescript-eslint/only-throw-error': 'error',
  '@typescript-eslint/return-await': ['error', 'in-try-catch'],
};

/** More than two leading `../`: the import goes through its part's alias instead (package.json "imports"). */
const DEPTH_PATTERN = {
  regex: '^(\\.\\./){3,}',
  message: 'climbs more than two folders: import it through #core/, #site/, …',
};

/** The modules of `src/lib/` the browser code (`src/scripts/`) imports: pure, so the page and the build share them. */
const BROWSER_SHARED = [
  'csv.ts',
  'tables/table-model.ts',
  'tables/table-first-view.ts',
  'tables/table-orders.ts',
  'site-data/derive/lookup-keys.ts',
  'search/facet-map.ts',
  'search/word-index.ts',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      '.astro/**',
      '.cache/**',
      'bench/results/**',
      'bench/.work/**',
      'tests/fixtures/**',
      'public/pagefind/**',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    files: ['**/*.ts', '**/*.astro', '**/*.js', '**/*.mjs'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true }, node: true },
      'boundaries/elements': ELEMENTS,
    },
    rules: {
      // Lines stay readable side by side; Prettier wraps code, this catches strings and comments it leaves long.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignorePattern: '^\\s*(import|export) ',
        },
      ],
      'boundaries/dependencies': ['error', { default: 'disallow', policies: POLICIES }],
      // Imports climb two folders at most; anything further goes through a package.json "imports" alias (#core/…).
      'no-restricted-imports': ['error', { patterns: [DEPTH_PATTERN] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Product code is linted with type information: a promise nobody awaits (a write that fails unseen, a step that
    // finishes after the build says it is done) or a switch that forgets a kind is a bug the types can show.
    files: ['scripts/**/*.ts', 'src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: TYPE_AWARE_RULES,
  },
  {
    // Prettier fills Astro prose past the column limit around inline elements; the formatter owns those lines.
    files: ['**/*.astro'],
    rules: { 'max-len': 'off' },
  },
  {
    // The browser code is bundled by Astro and runs in the page: it imports the build's rules from the pure modules
    // listed here (no Node built-ins in them either), one home for each rule.
    files: ['src/scripts/**', ...BROWSER_SHARED.map((m) => `src/lib/${m}`)],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DEPTH_PATTERN,
            { group: ['node:*'], message: 'Browser code and the modules it imports run in the page.' },
            {
              group: ['../lib/**/*.ts', ...BROWSER_SHARED.map((m) => `!../lib/${m}`)],
              message: 'The browser imports only the pure modules listed in BROWSER_SHARED (eslint.config.js).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON answers and poke at them; the code under test is typed.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
