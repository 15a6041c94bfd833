/**
 * @property (CSS Properties and Values API 1): a registered custom property has its
 * initial-value wherever nothing sets it, and one registered with `inherits: false` does not
 * pass from parent to child. Frameworks (Tailwind 4) rely on both: their utilities read
 * variables that only @property gives a value.
 */
import { describe, expect, it } from 'vitest';
import { byId, find, style } from './helpers.js';

const RED = { r: 1, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };

describe('@property', () => {
  it('gives a variable nothing sets its initial value', async () => {
    const d = await style(`<style>
      @property --ink { syntax: '<color>'; inherits: true; initial-value: red }
      #a { color: var(--ink) }
    </style><p id=a>a</p>`);
    expect(d.warnings).toEqual([]);
    expect(find(d.root, byId('a')).style.color).toEqual(RED);
  });

  it('keeps a non-inherited property from passing to children, an inherited one passes', async () => {
    const d = await style(`<style>
      @property --own { syntax: '<color>'; inherits: false; initial-value: red }
      @property --shared { syntax: '<color>'; inherits: true; initial-value: red }
      #p { --own: blue; --shared: blue }
      #own { color: var(--own) }
      #shared { color: var(--shared) }
    </style><div id=p><p id=own>a</p><p id=shared>b</p></div>`);
    expect(find(d.root, byId('own')).style.color).toEqual(RED);
    expect(find(d.root, byId('shared')).style.color).toEqual(BLUE);
  });

  it('falls back to the initial value for `initial` and for a value that cannot resolve', async () => {
    const d = await style(`<style>
      @property --ink { syntax: '<color>'; inherits: false; initial-value: red }
      #a { --ink: initial; color: var(--ink) }
      #b { --ink: var(--nowhere); color: var(--ink) }
    </style><p id=a>a</p><p id=b>b</p>`);
    expect(find(d.root, byId('a')).style.color).toEqual(RED);
    expect(find(d.root, byId('b')).style.color).toEqual(RED);
  });

  it('ignores, with a warning, a rule without syntax, inherits or a needed initial value', async () => {
    const d = await style(`<style>
      @property --a { inherits: true; initial-value: red }
      @property --b { syntax: '<color>'; initial-value: red }
      @property --c { syntax: '<color>'; inherits: true }
      @property --d { syntax: '*'; inherits: false }
      @property e { syntax: '*'; inherits: false }
    </style><p>x</p>`);
    expect(d.warnings.filter((w) => w.message.startsWith('@property rule ignored'))).toHaveLength(
      4,
    );
  });
});
