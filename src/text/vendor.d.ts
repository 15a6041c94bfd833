/* Minimal typings for the untyped packages text/ uses (only what we call). */
declare module 'linebreak' {
  export interface Break {
    readonly position: number;
    readonly required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}

declare module 'hyphen/patterns/*' {
  const patterns: unknown;
  export default patterns;
}

declare module 'hyphen' {
  export interface HyphenateOptions {
    readonly hyphenChar?: string;
    readonly minWordLength?: number;
    readonly debug?: boolean;
    readonly exceptions?: readonly string[];
  }
  type Hyphenator = (text: string, options?: HyphenateOptions) => string;
  export default function createHyphenator(
    patterns: unknown,
    options?: { readonly async?: boolean },
  ): Hyphenator;
}
