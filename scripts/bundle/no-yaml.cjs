// Stands in for js-yaml in the bundle: xmlbuilder2 requires it for its YAML reader, which
// a11ypdf never uses, and js-yaml in turn loads esprima (together about 450 KB of source).
'use strict';

function unavailable() {
  throw new Error('YAML input is not supported by the a11ypdf bundle');
}

module.exports = { load: unavailable, safeLoad: unavailable, loadAll: unavailable };
