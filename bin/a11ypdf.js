#!/usr/bin/env node
// Thin launcher: make sure dist/ is current, then hand over to the compiled CLI.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [join(root, 'scripts', 'ensure-built.js')], { stdio: 'inherit' });
const { main } = await import(pathToFileURL(join(root, 'dist', 'cli.js')).href);
process.exitCode = await main(process.argv.slice(2));
