// Stands in for tiny-inflate in the bundle: unicode-trie inflates its Unicode property tables
// (fontkit, linebreak) with it when they load, a large part of a cold start in pure
// JavaScript; Node's zlib does the same raw DEFLATE natively. Same contract: fills `dest`.
'use strict';
const { inflateRawSync } = require('node:zlib');

module.exports = function inflate(source, dest) {
  const out = inflateRawSync(source);
  dest.set(out.length > dest.length ? out.subarray(0, dest.length) : out);
  return dest;
};
