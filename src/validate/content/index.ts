/** Content stream interpretation for the validator; see interpreter.ts for the event model. */
export * from './interpreter.js';
export * from './walk.js';
export * from './marked.js';
export * from './colour.js';
export { lexContent, type LexedOperator } from './lexer.js';
export { KNOWN_OPERATORS, renderingModePaints } from './operators.js';
