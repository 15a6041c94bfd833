/**
 * css-tree, with a guard against a bug of its tokenizer (3.2.1, the newest release): the
 * parser reuses one token buffer for every parse, and when a block closes at the top level it
 * reads the token type one past the end of the new source's tokens (`offsetAndType[length]` in
 * TokenStream.setSource). A longer source parsed before can have left a block opener there;
 * the top level then takes a stray closing bracket for the end of a block, and the parse of
 * that sheet never ends. Found by the property test over arbitrary CSS text: two short sheets
 * parsed one after the other hang the thread. Clearing that slot before each parse makes the
 * top level read "no block", as it does on a fresh buffer. Every module of ours that parses CSS
 * takes css-tree from here (the template stage through style/index.ts), so the guard is in place
 * before the first parse.
 */
import * as csstree from './css-tree-parts.js';

interface TokenBuffers {
  offsetAndType?: Uint32Array | null;
}

type SetSource = (this: TokenBuffers, source?: string, tokenize?: unknown) => void;

const GUARDED = Symbol.for('a11ypdf.css-tree.stale-token-guard');

function guardStaleToken(proto: { setSource: SetSource; [GUARDED]?: true }): void {
  if (proto[GUARDED]) return;
  const setSource = proto.setSource;
  proto.setSource = function (this: TokenBuffers, source = '', tokenize?: unknown) {
    const buffer = this.offsetAndType;
    const length = String(source || '').length;
    if (buffer && length < buffer.length) buffer[length] = 0;
    setSource.call(this, source, tokenize);
  };
  proto[GUARDED] = true;
}

guardStaleToken(csstree.TokenStream.prototype as unknown as { setSource: SetSource });

export { csstree };
