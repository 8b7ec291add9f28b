import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/: each folder and what of ours it may import, as the
 * table in docs/architecture.md states them (that table is the one map:
 * change both together). An entry is a folder, one module of a folder
 * (`sim/policy.js`), or a folder whose types only may be imported.
 */
const LAYERS = {
  util: [],
  model: ['util'],
  input: ['util', 'model'],
  sim: ['util', 'model'],
  sched: ['util', 'model', 'input', 'sim/policy.js', 'planners', { typesOf: 'solvers' }],
  planners: ['util', 'model', 'input', 'solvers'],
  solvers: [],
  metrics: ['util', 'model'],
  workloads: ['util', 'model', 'input'],
  experiment: ['util', 'model', 'input', 'sim', 'sched', 'metrics', 'planners', { typesOf: 'solvers' }],
  report: ['util', 'model', 'metrics', 'experiment', { typesOf: 'planners' }],
  plugins: ['util', 'model', 'input', 'sched'],
  sweep: ['util', 'model', 'input', 'sched', 'solvers', 'metrics', 'workloads', 'experiment', 'report', 'plugins'],
  reproduce: ['util', 'model', 'input', 'planners', 'solvers', 'metrics', 'experiment', 'sweep'],
  cli: ['util', 'model', 'input', 'sim', 'sched', 'planners', 'solvers', 'metrics', 'workloads', 'experiment', 'report', 'plugins', 'sweep', 'reproduce'],
};
const FOLDERS = Object.keys(LAYERS);
// Tests and test-support check a part through the parts that drive it (a sim
// test runs fifo, an importer test simulates what it imported): they may
// import any folder, and nothing else may import them.
const TEST_CODE = ['src/**/*.test.ts', 'src/**/test-support/**'];
const SEE = 'docs/architecture.md, "may import"';

// Relative imports only: `(../)+folder/` reaches a top folder of src/ from
// any depth, since no folder inside a layer is named like a layer.
const reaching = (path) => `^(\\.\\./)+${path}`;

/** Production code never imports test code. */
const NO_TEST_CODE = [
  { regex: '(^|/)test-support/', message: `test-support is for tests only (${SEE}).` },
  { regex: '\\.test(\\.js)?$', message: `a test file is for vitest only (${SEE}).` },
];

/**
 * The same patterns for `import()`, which no-restricted-imports does not
 * see: no-restricted-syntax selectors on the literal source of an
 * ImportExpression. esquery ends a regex at its first '/', so slashes are
 * written \x2F.
 */
function dynamicImportSelectors(patterns) {
  return patterns.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message }));
}

function layerPatterns(folder) {
  const allowed = LAYERS[folder];
  const names = allowed.map((entry) => (typeof entry === 'string' ? entry : `${entry.typesOf} (types only)`));
  const message = `src/${folder}/ may import ${names.length === 0 ? 'nothing of ours' : `only ${names.join(', ')}`} (${SEE}).`;
  return FOLDERS.filter((other) => other !== folder && !allowed.includes(other)).map((other) => {
    const typesOnly = allowed.some((entry) => entry.typesOf === other);
    const modules = allowed.filter((entry) => typeof entry === 'string' && entry.startsWith(`${other}/`));
    const except = modules.map((entry) => `(?!${entry.slice(other.length + 1).replaceAll('.', '\\.')}$)`).join('');
    return { regex: `${reaching(`${other}/`)}${except}`, message, ...(typesOnly ? { allowTypeImports: true } : {}) };
  });
}

export default tseslint.config(
  { ignores: ['dist/**', 'dist-bench/**', 'dist-test/**', 'dist-scripts/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-globals': ['error', { name: 'Math.random', message: 'use the run seeded generator' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Draw from the run seeded generator (src/util/random.ts).' },
      ],
    },
  },
  // The report's browser scripts: tsc checks them (checkJs, with the DOM's types), names included.
  { files: ['src/report/browser/**/*.js'], rules: { 'no-undef': 'off' } },
  {
    files: ['src/*.ts'],
    ignores: TEST_CODE,
    rules: { 'no-restricted-imports': ['error', { patterns: NO_TEST_CODE }], 'no-restricted-syntax': ['error', ...dynamicImportSelectors(NO_TEST_CODE)] },
  },
  ...FOLDERS.map((folder) => {
    const patterns = [...NO_TEST_CODE, ...layerPatterns(folder)];
    return {
      files: [`src/${folder}/**/*.ts`],
      ignores: TEST_CODE,
      rules: { 'no-restricted-imports': ['error', { patterns }], 'no-restricted-syntax': ['error', ...dynamicImportSelectors(patterns)] },
    };
  }),
  // A command's output must reach stdout in full or fail with a message (docs/reliability.md). Its
  // selectors replace cli's layer selectors for these files, so they are repeated.
  {
    files: ['src/cli/**/*.ts'],
    ignores: [...TEST_CODE, 'src/cli/standard-output.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.object.name='process'][object.property.name='stdout'][property.name='write']",
          message: 'Print with writeStdout (src/cli/standard-output.ts): it checks that every byte reached stdout.',
        },
        ...dynamicImportSelectors([...NO_TEST_CODE, ...layerPatterns('cli')]),
      ],
    },
  },
);
