/**
 * file: URLs through the resource loader: read inside the roots a caller names, refused when the
 * path leads elsewhere (`..`, a symbolic link, an absolute path, another host), and refused
 * altogether when no root is named (the service's case).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceLoader, ResourceError } from '../../src/resources/index.js';

let dir = '';
let site = '';
const url = (path: string) => pathToFileURL(path).href;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'a11ypdf-files-'));
  site = join(dir, 'site');
  mkdirSync(join(site, 'css'), { recursive: true });
  mkdirSync(join(dir, 'secret'));
  writeFileSync(join(site, 'page.html'), '<p>x</p>');
  writeFileSync(join(site, 'css', 'style.css'), 'p { color: red }');
  writeFileSync(join(site, 'big.css'), 'x'.repeat(5000));
  writeFileSync(join(dir, 'secret', 'key.css'), 'p { color: green }');
  symlinkSync(join(dir, 'secret', 'key.css'), join(site, 'css', 'link.css'));
  symlinkSync(join(dir, 'secret'), join(site, 'linked-folder'));
  symlinkSync(join(site, 'css', 'style.css'), join(site, 'inner-link.css'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(p: Promise<unknown>): Promise<ResourceError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ResourceError);
  return err as ResourceError;
}

describe('file: URLs inside a root', () => {
  const loader = () => createResourceLoader({}, { files: { root: site } });

  it('reads a file relative to the document, with a media type from its extension', async () => {
    const res = await loader().load('css/style.css', 'stylesheet', url(join(site, 'page.html')));
    expect(Buffer.from(res.bytes).toString()).toBe('p { color: red }');
    expect(res.contentType).toBe('text/css');
    expect(res.url).toBe(url(join(site, 'css', 'style.css')));
  });

  it('follows a symbolic link that stays inside the root', async () => {
    const res = await loader().load(url(join(site, 'inner-link.css')), 'stylesheet');
    expect(Buffer.from(res.bytes).toString()).toBe('p { color: red }');
  });

  it('refuses a path climbing out with ..', async () => {
    const err = await refusal(
      loader().load('../secret/key.css', 'stylesheet', url(join(site, 'page.html'))),
    );
    expect(err.reason).toBe('refused');
    expect(err.message).toContain(join(dir, 'secret', 'key.css'));
    expect(err.message).toContain('outside the allowed folder');
  });

  it('refuses a symbolic link to a file outside the root, naming where it leads', async () => {
    const err = await refusal(loader().load(url(join(site, 'css', 'link.css')), 'stylesheet'));
    expect(err.reason).toBe('refused');
    expect(err.message).toContain('symbolic link');
    expect(err.message).toContain(join(dir, 'secret', 'key.css'));
  });

  it('refuses a file under a linked folder that leads outside', async () => {
    const err = await refusal(
      loader().load(url(join(site, 'linked-folder', 'key.css')), 'stylesheet'),
    );
    expect(err.reason).toBe('refused');
  });

  it('refuses absolute paths and file: URLs outside the root', async () => {
    const base = url(join(site, 'page.html'));
    const abs = await refusal(loader().load('/etc/hostname', 'image', base));
    expect(abs.reason).toBe('refused');
    expect(abs.message).toContain('/etc/hostname');
    const other = await refusal(loader().load(url(join(dir, 'secret', 'key.css')), 'stylesheet'));
    expect(other.reason).toBe('refused');
  });

  it('refuses file: URLs naming another host', async () => {
    const err = await refusal(loader().load('file://server/share/x.css', 'stylesheet'));
    expect(err.reason).toBe('refused');
  });

  it('reads from any of several roots', async () => {
    const both = createResourceLoader({}, { files: { root: [site, join(dir, 'secret')] } });
    const res = await both.load(url(join(dir, 'secret', 'key.css')), 'stylesheet');
    expect(Buffer.from(res.bytes).toString()).toBe('p { color: green }');
  });

  it('refuses folders and named pipes without blocking', async () => {
    const folder = await refusal(loader().load(url(join(site, 'css')), 'stylesheet'));
    expect(folder.message).toContain('not a regular file');
    execFileSync('mkfifo', [join(site, 'pipe.css')]);
    const pipe = await refusal(loader().load(url(join(site, 'pipe.css')), 'stylesheet'));
    expect(pipe.message).toContain('not a regular file');
  });

  it('keeps to the size limits', async () => {
    const small = createResourceLoader({ maxResourceBytes: 1000 }, { files: { root: site } });
    const err = await refusal(small.load(url(join(site, 'big.css')), 'stylesheet'));
    expect(err.reason).toBe('limit');
  });

  it('says when a file does not exist', async () => {
    const err = await refusal(loader().load(url(join(site, 'nope.css')), 'stylesheet'));
    expect(err.reason).toBe('failed');
    expect(err.message).toContain('does not exist');
  });
});

describe('file: URLs without roots', () => {
  it('are refused like any scheme other than http(s) and data:', async () => {
    const err = await refusal(
      createResourceLoader().load(url(join(site, 'css', 'style.css')), 'stylesheet'),
    );
    expect(err.reason).toBe('refused');
    expect(err.message).toContain('only http and https');
  });
});
