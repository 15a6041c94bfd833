/** TypeScript shapes of a validated version 2 template (see schema.ts for the rules). */
import type { BarcodeContent } from './barcode/types.js';
import type { Symbology } from './barcode/symbologies.js';
import type { AttachmentInput } from '../document/index.js';

export interface TypographyConfig {
  readonly family?: string | null;
  readonly size?: number | null;
  readonly weight?: string | number | null;
  readonly align?: 'left' | 'center' | 'right' | null;
  readonly color?: string | null;
}

export interface SpacingConfig {
  readonly top?: number | null;
  readonly right?: number | null;
  readonly bottom?: number | null;
  readonly left?: number | null;
}

export interface BlockConfig {
  readonly typography?: TypographyConfig;
  readonly spacing?: SpacingConfig;
  readonly width?: string | null;
  readonly align?: 'left' | 'center' | 'right' | null;
}

interface BlockBase {
  readonly id?: string | null;
  readonly config?: BlockConfig;
}

export interface TextBlock extends BlockBase {
  readonly type: 'text';
  readonly text: string;
}
export interface HeadingBlock extends BlockBase {
  readonly type: 'heading';
  readonly text: string;
  readonly level?: number;
}
export interface TableColumn {
  readonly key: string;
  readonly label: string;
  readonly align?: 'left' | 'center' | 'right';
  readonly width?: string;
}
export type TableRow = Readonly<Record<string, unknown>>;
export interface TableBlock extends BlockBase {
  readonly type: 'table';
  readonly columns: readonly TableColumn[];
  readonly rows?: readonly TableRow[];
  readonly style?: 'striped' | 'bordered' | 'minimal';
  readonly numberRows?: boolean;
  readonly caption?: string;
}
export interface KeyValueBlock extends BlockBase {
  readonly type: 'key-value';
  readonly fields: readonly { readonly key: string; readonly label: string }[];
  readonly values?: Readonly<Record<string, string | number | boolean | null>>;
  readonly labelWidth?: string;
}
export interface ImageBlock extends BlockBase {
  readonly type: 'image';
  readonly src: string;
  readonly alt: string;
  readonly maxHeight?: string;
}
export interface ListBlock extends BlockBase {
  readonly type: 'list';
  readonly items: readonly string[];
  readonly ordered?: boolean;
}
export interface DividerBlock extends BlockBase {
  readonly type: 'divider';
  readonly thickness?: number;
  readonly lineColor?: string;
  readonly style?: 'solid' | 'dashed' | 'dotted' | 'double' | 'none';
}
export interface SpacerBlock extends BlockBase {
  readonly type: 'spacer';
  readonly height?: number | string;
}
export interface PageBreakBlock extends BlockBase {
  readonly type: 'pageBreak';
}
export interface BarcodeBlock extends BlockBase {
  readonly type: 'barcode';
  readonly symbology: Symbology;
  readonly content: BarcodeContent;
  readonly height?: string;
  readonly alt?: string;
}
export interface HtmlBlock extends BlockBase {
  readonly type: 'html';
  readonly html: string;
}

export type Block =
  | TextBlock
  | HeadingBlock
  | TableBlock
  | KeyValueBlock
  | ImageBlock
  | ListBlock
  | DividerBlock
  | SpacerBlock
  | PageBreakBlock
  | BarcodeBlock
  | HtmlBlock;

export interface Row {
  readonly blocks: readonly Block[];
}

export interface FontFaceConfig {
  readonly src: string;
  readonly weight?: string;
  readonly style?: 'normal' | 'italic' | 'oblique';
}

export type PageSize =
  | {
      readonly format?: 'A3' | 'A4' | 'A5' | 'A6' | 'Letter' | 'Legal' | 'Tabloid';
      readonly orientation?: 'portrait' | 'landscape';
    }
  | { readonly width: number; readonly height: number };

export interface PageConfig {
  readonly size?: PageSize;
  readonly locale?: string;
  readonly margins?: SpacingConfig;
  readonly pageNumbers?: {
    readonly enabled?: boolean;
    readonly position?: 'left' | 'center' | 'right';
    readonly format?: 'short' | 'long';
  };
  readonly background?: { readonly src: string; readonly type?: 'auto' | 'image' | 'pdf' };
  readonly header?: {
    readonly repeat?: boolean;
    readonly skipFirstPage?: boolean;
    readonly rows?: readonly Row[];
  };
  readonly footer?: { readonly repeat?: boolean; readonly rows?: readonly Row[] };
}

export interface TemplateConfig {
  readonly title?: string;
  readonly page?: PageConfig;
  readonly typography?: TypographyConfig;
  readonly embedColorProfile?: boolean;
}

export interface Template {
  readonly version: 2;
  readonly config?: TemplateConfig;
  readonly fonts?: Readonly<Record<string, FontFaceConfig>>;
  readonly attachments?: readonly AttachmentInput[];
  readonly rows?: readonly Row[];
}
