// Worker thread of the bundled service's pool (piscina loads this file): the handler is the
// promise of the worker bundle's startPoolWorker(), so the thread takes tasks only once the
// engine is loaded and warm. A worker that found no usable code cache writes one after its
// warm-up, for the workers and starts after it.
'use strict';
const { loadBundle, settleCache } = require('./loader.cjs');

const NAME = 'service-worker';

module.exports = {
  __esModule: true,
  default: loadBundle(NAME)
    .startPoolWorker()
    .then((handler) => {
      settleCache(NAME);
      return handler;
    }),
};
