// Mutation testing (StrykerJS) over the modules where a silent bug costs most. `npm run mutation`
// runs every area, one mutant at a time; `npm run mutation -- --mutate 'src/resources/**/*.ts'`
// runs one. Each area lists the unit tests that guard it, and a run loads only the tests of the
// areas it mutates; vitest's `related` filter then keeps the test files that import the mutated
// modules, and per-test coverage runs only the tests that reach a mutant.

/** Mutated modules and the tests that guard them. */
export const areas = {
  resources: {
    mutate: ['src/resources/**/*.ts'],
    tests: ['test/resources/**/*.test.ts'],
  },
  auth: {
    mutate: ['src/server/auth*.ts', 'src/server/jwks.ts'],
    tests: ['test/server/authenticator.test.ts', 'test/server/jwks.test.ts'],
  },
  rules: {
    mutate: ['src/validate/rules/**/*.ts'],
    tests: ['test/validate/**/*.test.ts'],
  },
  paginate: {
    mutate: ['src/layout/paginate/**/*.ts'],
    tests: ['test/layout/paginate*.test.ts', 'test/layout/forced-breaks.test.ts'],
  },
  structure: {
    mutate: ['src/pdf/structure*.ts'],
    tests: ['test/pdf/structure*.test.ts'],
  },
};

/** The part of a glob before its first wildcard: `src/server/auth*.ts` -> `src/server/auth`. */
const stem = (glob) => glob.split(/[*?{[]/)[0];

/**
 * The areas a `--mutate` on the command line reaches (all of them without one), so that a run
 * of one area loads only that area's tests.
 */
function chosenAreas(argv) {
  const at = argv.findIndex((a) => a === '--mutate' || a === '-m' || a.startsWith('--mutate='));
  if (at < 0) return Object.values(areas);
  const value = argv[at].startsWith('--mutate=') ? argv[at].slice(9) : (argv[at + 1] ?? '');
  const given = value.split(',').map(stem);
  const hit = Object.values(areas).filter((area) =>
    area.mutate.some((m) => given.some((g) => g.startsWith(stem(m)) || stem(m).startsWith(g))),
  );
  return hit.length > 0 ? hit : Object.values(areas);
}

const all = Object.values(areas);
const chosen = chosenAreas(process.argv);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: all.flatMap((a) => a.mutate),
  testFiles: chosen.flatMap((a) => a.tests),
  coverageAnalysis: 'perTest',
  // The machine is shared: one test runner unless asked for more (--concurrency 2).
  concurrency: 1,
  timeoutMS: 10_000,
  // Re-running only what changed since the last run; the file stays local (reports/ is ignored).
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: 80 },
  ignorePatterns: ['dist', 'bench', 'gallery', 'docs', 'deploy', 'test/conformance-corpus'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
