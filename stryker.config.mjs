// Mutation testing (StrykerJS) over the modules where a silent bug costs most. `npm run mutation`
// runs every area, one mutant at a time; `npm run mutation -- --mutate 'src/resources/**/*.ts'`
// runs one. Each area lists the unit tests that guard it, and a run loads only the tests of the
// areas it mutates; vitest's `related` filter then keeps the test files that import the mutated
// modules, and per-test coverage runs only the tests that reach a mutant.
//
// The tests are chosen through vitest's `include` (vitest.mutation.config.ts reads them from
// MUTATION_TESTS), not Stryker's `testFiles`: with `testFiles`, Stryker 9 activates a static
// mutant (one in code that runs when a module loads, such as a constant table) after the module
// has loaded, so every such mutant is reported as surviving whatever the tests assert.

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
    // The paginator also places footnotes, column sets and floats, keeps grid rows whole and
    // says on which page each mark and link target landed: the tests of those, which render
    // snippets onto pages, guard it as much as its own.
    tests: [
      'test/layout/paginate*.test.ts',
      'test/layout/forced-breaks.test.ts',
      'test/layout/page-breaks.test.ts',
      'test/layout/footnotes.test.ts',
      'test/layout/multicol.test.ts',
      'test/layout/floats.test.ts',
      'test/layout/grid-paging.test.ts',
      'test/layout/running-content.test.ts',
      'test/layout/cross-references.test.ts',
    ],
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
  if (at < 0) return Object.entries(areas);
  const value = argv[at].startsWith('--mutate=') ? argv[at].slice(9) : (argv[at + 1] ?? '');
  const given = value.split(',').map(stem);
  const hit = Object.entries(areas).filter(([, area]) =>
    area.mutate.some((m) => given.some((g) => g.startsWith(stem(m)) || stem(m).startsWith(g))),
  );
  return hit.length > 0 ? hit : Object.entries(areas);
}

const all = Object.values(areas);
const chosen = chosenAreas(process.argv);
// Reports and the incremental record are kept per area, so that a run of one area neither reads
// nor overwrites what a run of another left.
const label = chosen.length === all.length ? 'all' : chosen.map(([name]) => name).join('+');
// Read by vitest.mutation.config.ts in Stryker's test runner processes, which inherit it. Set
// beforehand, it narrows a run to some of the area's tests (a sample of a large area).
process.env.MUTATION_TESTS ??= chosen.flatMap(([, a]) => a.tests).join(',');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: all.flatMap((a) => a.mutate),
  coverageAnalysis: 'perTest',
  // The machine is shared: one test runner unless asked for more (--concurrency 2).
  concurrency: 1,
  timeoutMS: 10_000,
  // Re-running only what changed since the last run; the file stays local (reports/ is ignored).
  incremental: true,
  incrementalFile: `reports/mutation/${label}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${label}.html` },
  jsonReporter: { fileName: `reports/mutation/${label}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: 80 },
  ignorePatterns: [
    'dist',
    'bench',
    'gallery',
    'docs',
    'deploy',
    'test/conformance-corpus',
    '.stryker-tmp*',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
