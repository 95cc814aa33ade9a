import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import astro from 'eslint-plugin-astro';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.astro/**', '.cache/**', 'bench/results/**', 'bench/.work/**'] },
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    files: ['**/*.ts', '**/*.astro', '**/*.js', '**/*.mjs'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true }, node: true },
      'boundaries/elements': [
        { type: 'source', pattern: 'scripts/source/**', mode: 'full' },
        { type: 'demo', pattern: 'scripts/demo/**', mode: 'full' },
        { type: 'crawler', pattern: 'scripts/snapshot/**', mode: 'full' },
        { type: 'build', pattern: 'scripts/site/**', mode: 'full' },
        { type: 'site', pattern: 'src/**', mode: 'full' },
        { type: 'tests', pattern: 'tests/**', mode: 'full' },
        { type: 'bench', pattern: 'bench/**', mode: 'full' },
      ],
    },
    rules: {
      'boundaries/element-types': ['error', { default: 'allow', rules: [
        { from: ['source','demo','crawler','build','site','bench'], disallow: ['tests'], message: 'product code must not import tests' },
      ] }],
    },
  },
);
