/** Graceful shutdown: work in progress finishes, new work is refused with 503. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestService } from './harness.js';

/** A long document: about a second per 1,000 paragraphs here, linear in their number. */
function slowHtml(paragraphs: number): string {
  const para = (i: number) => `<p>Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}</p>`;
  return `<html lang="en"><title>Slow</title>${Array.from({ length: paragraphs }, (_, i) => para(i)).join('')}</html>`;
}

function request(path: string, body: string): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('graceful shutdown', () => {
  it('finishes the render in progress and answers 503 to a request that arrives while draining', async () => {
    const svc = await startTestService();
    const { port } = new URL(svc.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    // Slow enough to still be rendering when shutdown starts 300 ms later (a few seconds).
    socket.write(request('/render/html', JSON.stringify({ html: slowHtml(3000) })));
    await new Promise((r) => setTimeout(r, 300));
    const shutdown = svc.service.shutdown();
    // A second request pipelined on the same connection reaches the server while it drains.
    socket.write(request('/render/html', JSON.stringify({ html: '<p>late</p>' })));
    await shutdown;
    socket.end();
    await closed;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses[0]).toBe(200);
    expect(received).toContain('%PDF-1.7');
    expect(statuses).toEqual([200, 503]);
    expect(received).toContain('application/problem+json');
  });
});
