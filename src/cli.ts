/**
 * a11ypdf command line: a thin shell over the library API (index.ts) and the service. The
 * commands live in cli/; this file dispatches and turns errors into exit codes.
 *
 * Exit codes: 0 every file done (and, where validated, compliant); 1 at least one file failed
 * or is not compliant; 2 usage error (bad option or value, an input that does not exist).
 */
import { pathToFileURL } from 'node:url';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './cli/errors.js';
import { MAIN_HELP } from './cli/help.js';
import { processIo, type Io } from './cli/io.js';
import { cmdServe } from './cli/serve.js';
import { versionLine } from './cli/version.js';

export { EXIT_FAILED, EXIT_OK, EXIT_USAGE };
export type { Io };

// The commands that need the engine or the validator load them when they run, so `serve` (whose
// threads load their own bundles) and `--help` start without either.
const render = () => import('./cli/render.js');
const validate = () => import('./cli/validate.js');

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.stdout.write(`${MAIN_HELP}\n`);
        return command === undefined ? EXIT_USAGE : EXIT_OK;
      case '-V':
      case '--version':
      case 'version':
        io.stdout.write(`${versionLine()}\n`);
        return EXIT_OK;
      case 'serve':
        return await cmdServe(rest, io);
      case 'render':
        return await (await render()).cmdRender(rest, io);
      case 'validate':
        return await (await validate()).cmdValidate(rest, io);
      case 'identify':
        return await (await validate()).cmdIdentify(rest, io);
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.stderr.write(`a11ypdf: ${(err as Error).message}\nRun 'a11ypdf --help' for usage.\n`);
      return EXIT_USAGE;
    }
    io.stderr.write(`a11ypdf: ${(err as Error).message}\n`);
    return EXIT_FAILED;
  }
}

/** Runs the command line for this process and sets its exit code. */
export async function run(argv: string[]): Promise<void> {
  const code = await main(argv);
  // `serve` keeps the process alive through its listening socket.
  if (code !== EXIT_OK || argv[0] !== 'serve') process.exitCode = code;
}

// Run when executed directly (node dist/cli.js ...), not when imported by bin/ or tests.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void run(process.argv.slice(2));
