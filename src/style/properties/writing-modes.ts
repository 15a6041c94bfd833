/**
 * CSS Writing Modes 3/4: writing-mode (with the SVG 1.1 / legacy keywords browsers still
 * accept), text-orientation and text-combine-upright. Layout decides what each does; values it
 * cannot honour are reported there.
 */
import * as kit from './kit.js';
import type { TextCombineUpright, TextOrientation, WritingMode } from '../types.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

longhands.push(
  kit.keywordProp<WritingMode>(
    'writing-mode',
    'writingMode',
    true,
    'horizontal-tb',
    ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'],
    {
      lr: 'horizontal-tb',
      'lr-tb': 'horizontal-tb',
      rl: 'horizontal-tb',
      'rl-tb': 'horizontal-tb',
      tb: 'vertical-rl',
      'tb-rl': 'vertical-rl',
      'tb-lr': 'vertical-lr',
    },
  ),
  kit.keywordProp<TextOrientation>(
    'text-orientation',
    'textOrientation',
    true,
    'mixed',
    ['mixed', 'upright', 'sideways'],
    { 'sideways-right': 'sideways' },
  ),
  kit.longhand<TextCombineUpright>({
    name: 'text-combine-upright',
    key: 'textCombineUpright',
    inherited: true,
    initial: 'none',
    // none | all | digits <integer [2,4]>? — digits is kept so layout can report it.
    parse(nodes) {
      const first = nodes.length > 0 ? cssValues.ident(nodes[0]) : null;
      if (nodes.length === 1 && (first === 'none' || first === 'all')) return first;
      if (first !== 'digits' || nodes.length > 2) return null;
      if (nodes.length === 1) return 'digits';
      const n = cssValues.parseInteger(nodes[1]);
      return n !== null && n >= 2 && n <= 4 ? 'digits' : null;
    },
  }),
);
