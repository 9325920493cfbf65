import type { FastifyInstance } from 'fastify';

/**
 * A server told to stop (SIGTERM) first drains: for a stated time (SHUTDOWN_DRAIN_SECONDS) it still answers every
 * request, but readiness says it is going (so the balancer sends new requests elsewhere) and every answer carries
 * `Connection: close` (so no client or balancer keeps a connection to it that a later request could be sent on
 * and refused). Only then does the listener close (server/serve.ts). docs/decisions/032-degrade-and-drain.md.
 */
export class Draining {
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  start(): void {
    this.draining = true;
  }
}

/** While draining, every answer closes its connection once sent. */
export function installConnectionCloseWhileDraining(app: FastifyInstance, draining: Draining): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining.isDraining) reply.header('Connection', 'close');
    return payload;
  });
}
