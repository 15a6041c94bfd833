/**
 * The document title of a template: config.title, else the first heading block, else the first
 * text block (the body before the header and footer, data overrides applied), else the default
 * title. Anything but config.title is reported as a warning naming the block it came from.
 */
import type { Warning } from '../diagnostics.js';
import { DEFAULT_TITLE, titleFromText } from '../layout/index.js';
import type { Template } from './types.js';
import { allBlocks, type BlockRef } from './validate.js';

export interface TemplateTitle {
  readonly title: string;
  readonly warning?: Warning;
}

export function templateTitle(
  template: Template,
  overrides: ReadonlyMap<string, unknown>,
): TemplateTitle {
  const given = template.config?.title?.trim();
  if (given) return { title: given };

  const textOf = (ref: BlockRef): string | undefined => {
    const block = ref.block;
    if (block.type !== 'heading' && block.type !== 'text') return undefined;
    const override = block.id != null ? overrides.get(block.id) : undefined;
    const text = (override as { text?: unknown } | undefined)?.text;
    return titleFromText(typeof text === 'string' ? text : block.text);
  };
  const blocks = allBlocks(template);
  const body = blocks.filter((r) => r.pointer.startsWith('/template/rows/'));
  const furniture = blocks.filter((r) => !r.pointer.startsWith('/template/rows/'));
  const ordered = [...body, ...furniture];
  for (const [type, what] of [
    ['heading', 'the first heading'],
    ['text', 'the first text block'],
  ] as const) {
    for (const ref of ordered) {
      if (ref.block.type !== type) continue;
      const title = textOf(ref);
      if (title === undefined) continue;
      return {
        title,
        warning: {
          code: 'document.missing-title',
          message: `config.title is missing; ${what} '${title}' is used as the document title`,
          source: ref.pointer,
        },
      };
    }
  }
  return {
    title: DEFAULT_TITLE,
    warning: {
      code: 'document.missing-title',
      message: `config.title is missing and the template has no heading or text; '${DEFAULT_TITLE}' is used as the document title`,
      source: '/template/config/title',
    },
  };
}
