import net from 'node:net';
import type { Server } from 'node:http';

/**
 * More listening sockets on the server's own port, each handing its connections to the same HTTP server.
 *
 * Node (libuv) accepts one new connection per listening socket per turn of the event loop. A busy turn serves
 * every ready connection and takes tens of milliseconds, so a crowd arriving at once (a thousand visitors, or
 * a load balancer opening its pool) is accepted a few dozen per second with one socket, and the last wait in
 * the kernel's queue for seconds while the server answers the others quickly. With SO_REUSEPORT the kernel
 * spreads new connections over several sockets and each turn accepts one from each
 * (docs/decisions/0049-fair-under-a-crowd-and-a-flood.md).
 */
export interface ListeningSockets {
  /** Stops the extra sockets accepting; the connections they handed over stay with the HTTP server. */
  close(): Promise<void>;
}

/** Whether this platform can share a port between sockets of one process (SO_REUSEPORT as Node offers it). */
export const sharesPorts = process.platform === 'linux' || process.platform === 'freebsd';

/**
 * Fails with EADDRINUSE as a plain listen would when something already listens on the port: sockets that share
 * a port would otherwise join another program's (or a second server's) port without a word.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** Opens `count - 1` more sockets on the port `server` listens on (with `reusePort`), feeding `server`. */
export async function openListeningSockets(server: Server, host: string, count: number): Promise<ListeningSockets> {
  const address = server.address();
  const extra: net.Server[] = [];
  if (count > 1 && address && typeof address === 'object') {
    for (let index = 1; index < count; index += 1) {
      const socketServer = net.createServer((socket) => server.emit('connection', socket));
      await new Promise<void>((resolve, reject) => {
        socketServer.once('error', reject);
        socketServer.listen({ port: address.port, host, reusePort: true }, () => resolve());
      });
      extra.push(socketServer);
    }
  }
  return {
    // Without waiting for the connections they handed over (close()'s callback would): an idle keep-alive
    // connection would hold the shutdown until it timed out, before app.close() could close it.
    close: async () => {
      for (const each of extra) each.close();
    },
  };
}
