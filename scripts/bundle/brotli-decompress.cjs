// Stands in for the brotli package's pure-JavaScript decoder (1.4 MB of source that every
// process would parse) in the bundle: Node's zlib has Brotli built in. fontkit calls it as
// decompress(buffer, outputSize) for WOFF2 tables.
'use strict';
const { brotliDecompressSync } = require('node:zlib');

module.exports = function decompress(buffer) {
  return new Uint8Array(brotliDecompressSync(buffer));
};
