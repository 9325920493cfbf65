import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to `target` that a test can cut and mend: an outage of whatever is behind it (the S3 store) without
 * stopping the real service, which other tests share. Cut, it drops every connection and refuses new ones (as a
 * stopped radosgw does); mended, it listens on the same port again.
 */
export interface CuttableProxy {
  port: number;
  cut(): Promise<void>;
  mend(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(
  port: number,
  target: { host: string; port: number },
): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
      server = listening;
    });
  const stop = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await listen();
  return { port, cut: stop, mend: listen, close: stop };
}
