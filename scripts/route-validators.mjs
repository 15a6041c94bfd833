#!/usr/bin/env node
// Writes dist/route-validators.cjs and dist/route-serializers.cjs: ajv's standalone code of
// every route validator of the service and fast-json-stringify's of every response
// serializer, so that a start takes them ready-made instead of compiling each schema
// (src/server/route-validators.ts, src/server/route-serializers.ts). Run by scripts/bundle.mjs
// after tsc, from dist/.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildService } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';
import { precompiledSerializersModule } from '../dist/server/route-serializers.js';
import { precompiledModule } from '../dist/server/route-validators.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const code = new Map();
const serializerCode = new Map();
// The routes a service has do not depend on its settings beyond the role (all of them here)
// and authentication, which adds hooks, not schemas. One worker, no warm-up: nothing renders.
const config = loadConfig(
  { PORT: '0', HEALTH_PORT: 'off', LOG_LEVEL: 'silent', WORKERS: '1', WARM_UP_MS: '0' },
  {},
);
const service = await buildService(config, {
  validators: { kind: 'collect', store: (key, source) => code.set(key, source) },
  serializers: { kind: 'collect', store: (key, source) => serializerCode.set(key, source) },
});
await service.app.ready();
await service.shutdown(1000);
if (code.size === 0) throw new Error('no route validator was compiled: did the routes change?');
const out = join(root, 'dist', 'route-validators.cjs');
writeFileSync(out, precompiledModule(code));
console.log(`route validators: ${code.size} written to ${out}`);
if (serializerCode.size === 0)
  throw new Error('no response serializer was compiled: did the routes change?');
const serializersOut = join(root, 'dist', 'route-serializers.cjs');
writeFileSync(serializersOut, precompiledSerializersModule(serializerCode));
console.log(`response serializers: ${serializerCode.size} written to ${serializersOut}`);
