// The fonts the peers (WeasyPrint, Chromium) render with: the system's and the project's own
// (fonts/), with CSS's generic families resolved to the faces a11ypdf resolves them to. Without
// them a peer falls back to whatever the machine has, renders other typefaces than a11ypdf
// does, and its speed moves with the fonts a machine happens to have installed (measured:
// WeasyPrint took 173 ms for the benchmark invoice with Debian's DejaVu fonts alone, 124 ms
// with these).
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FONTS = fileURLToPath(new URL('../../fonts/', import.meta.url));
/** As src/text/bundled.ts resolves them. */
const GENERIC = [
  ['serif', 'Liberation Serif'],
  ['sans-serif', 'Liberation Sans'],
  ['monospace', 'Liberation Mono'],
];
let file;

/** Environment for a peer's process: a fontconfig file adding the project's fonts. */
export function peerFontEnv(env = process.env) {
  if (!file) {
    const dir = join(tmpdir(), `a11ypdf-bench-fontconfig-${process.getuid?.() ?? 0}`);
    mkdirSync(join(dir, 'cache'), { recursive: true });
    file = join(dir, 'fonts.conf');
    writeFileSync(
      file,
      `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${FONTS}</dir>
${GENERIC.map(([generic, face]) => `  <alias binding="strong"><family>${generic}</family><prefer><family>${face}</family></prefer></alias>`).join('\n')}
  <cachedir>${join(dir, 'cache')}</cachedir>
</fontconfig>
`,
    );
  }
  return { ...env, FONTCONFIG_FILE: file };
}
