/**
 * Graceful shutdown: work in progress finishes and closes its connection, idle keep-alive
 * connections are closed at once, new work is refused with 503 while draining, and the grace
 * period bounds the wait.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestService } from './harness.js';

/** A long document: about a second per 1,000 paragraphs here, linear in their number. */
function slowHtml(paragraphs: number): string {
  const para = (i: number) => `<p>Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}</p>`;
  return `<html lang="en"><title>Slow</title>${Array.from({ length: paragraphs }, (_, i) => para(i)).join('')}</html>`;
}

function request(path: string, body?: string): string {
  if (body === undefined) return `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** A raw keep-alive connection that records what it receives and when it is closed. */
async function connection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const events: string[] = [];
  socket.on('data', (c: Buffer) => {
    received += c.toString('latin1');
    if (/\r\n\r\n/.test(received)) events.push('data');
  });
  const closed = new Promise<void>((r) =>
    socket.on('close', () => {
      events.push('closed');
      r();
    }),
  );
  socket.on('error', () => {});
  await new Promise<void>((r) => socket.once('connect', () => r()));
  return { socket, closed, events, received: () => received };
}

const statusLines = (raw: string) =>
  [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

describe('graceful shutdown', () => {
  it('closes idle keep-alive connections at once and ends in-flight work with Connection: close', async () => {
    const svc = await startTestService();
    const port = Number(new URL(svc.url).port);
    // An idle keep-alive connection (one request answered, then nothing).
    const idle = await connection(port);
    idle.socket.write(request('/health'));
    while (!idle.received().includes('"status":"ok"')) await new Promise((r) => setTimeout(r, 10));
    expect(idle.received()).toMatch(/connection: keep-alive/i);

    const busy = await connection(port);
    // Slow enough to still be rendering when shutdown starts 300 ms later (a few seconds).
    busy.socket.write(request('/render/html', JSON.stringify({ html: slowHtml(3000) })));
    await new Promise((r) => setTimeout(r, 300));
    const shutdown = svc.service.shutdown();

    // The idle connection is closed while the render is still running.
    await idle.closed;
    expect(busy.events).toEqual([]);

    // A request that arrives while draining gets 503 and is told to close.
    const late = await connection(port);
    late.socket.write(request('/render/html', JSON.stringify({ html: '<p>late</p>' })));
    await late.closed;
    expect(statusLines(late.received())).toEqual([503]);
    expect(late.received()).toMatch(/connection: close/i);
    expect(late.received()).toContain('application/problem+json');

    const { drained } = await shutdown;
    await busy.closed;
    expect(drained).toBe(true);
    expect(statusLines(busy.received())).toEqual([200]);
    expect(busy.received()).toMatch(/connection: close/i);
    expect(busy.received()).toContain('%PDF-1.7');
  });

  it('stops waiting for work in flight when the grace period is over', async () => {
    // Past the default text limit this document would be refused at once, and nothing would
    // be in flight when the grace period ends.
    const svc = await startTestService({
      REQUEST_TIMEOUT_MS: '120000',
      DOCUMENT_MAX_TEXT_CHARS: '20000000',
      DOCUMENT_MAX_HTML_CHARS: '20000000',
      DOCUMENT_MAX_ELEMENTS: '100000',
    });
    const port = Number(new URL(svc.url).port);
    const busy = await connection(port);
    busy.socket.write(request('/render/html', JSON.stringify({ html: slowHtml(20_000) })));
    await new Promise((r) => setTimeout(r, 300));
    const { drained } = await svc.service.shutdown(200);
    expect(drained).toBe(false);
    await busy.closed;
    expect(busy.received()).not.toContain('%PDF');
  });

  it('reads its grace period from SHUTDOWN_GRACE_MS', async () => {
    const { loadConfig } = await import('../../src/server/config.js');
    expect(loadConfig({}).shutdownGraceMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '5000' }).shutdownGraceMs).toBe(5_000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
});
