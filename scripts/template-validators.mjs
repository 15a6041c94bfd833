#!/usr/bin/env node
// Writes dist/template-validators.cjs: ajv's standalone code of the template schema's two
// validators (the template, and a barcode block's content), with the key of the schema and
// options they were made from, so a process takes them ready-made instead of compiling the
// schema (src/template/schema-validators.ts). Run by scripts/bundle.mjs after tsc, from dist/.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateValidatorsModule } from '../dist/template/schema-validators.js';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'template-validators.cjs');
writeFileSync(out, templateValidatorsModule());
console.log(`template validators written to ${out}`);
