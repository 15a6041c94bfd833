/*
 * Typings for css-tree's subpath entries, which @types/css-tree leaves out: each is the same
 * function or class as the package's root export, without the root's eagerly built lexer.
 */
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse;
  export default parse;
}
declare module 'css-tree/walker' {
  const walk: typeof import('css-tree').walk;
  export default walk;
}
declare module 'css-tree/generator' {
  const generate: typeof import('css-tree').generate;
  export default generate;
}
declare module 'css-tree/utils' {
  export { List, clone, ident } from 'css-tree';
}
declare module 'css-tree/tokenizer' {
  export { TokenStream } from 'css-tree';
}
declare module 'css-tree/lexer' {
  /** The constructor css-tree's own createSyntax calls: grammar, parse/walk/generate, structure. */
  export const Lexer: new (
    config: object,
    syntax: object,
    structure?: object,
  ) => import('css-tree').Lexer;
}
