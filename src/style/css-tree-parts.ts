/**
 * The parts of css-tree this stage uses, each from its own entry. The package's root entry
 * builds a lexer from its whole CSS grammar as it loads (a tenth of a cold render of a plain
 * page); the lexer is needed only to tell an unsupported value from an invalid one, so it is
 * built on first use (cssLexer), and the grammar (mdn-data, 300 KB of source) is read from the
 * package then too rather than carried by every process and start-up snapshot. Types are the
 * root's.
 */
import { createRequire } from 'node:module';
import generate from 'css-tree/generator';
import { Lexer as LexerClass } from 'css-tree/lexer';
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';
import type { Lexer } from 'css-tree';

export type * from 'css-tree';
export { List, clone, ident } from 'css-tree/utils';
export { TokenStream } from 'css-tree/tokenizer';
export { parse, walk, generate };

let built: Lexer | undefined;

/** css-tree's lexer over its CSS grammar, built as the root entry builds it, once. */
export function cssLexer(): Lexer {
  if (!built) {
    // A require of our own, which the bundler leaves to run when called.
    const definitions = createRequire(import.meta.url)('css-tree/definition-syntax-data') as object;
    built = new LexerClass({ generic: true, ...definitions }, { parse, walk, generate });
  }
  return built;
}
