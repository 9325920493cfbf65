import type { FastifyInstance } from 'fastify';

/**
 * What becomes of a request body the app answered without reading to its end (an upload refused at once: signed
 * out, the wrong form field, too large, the server busy).
 *
 * Left alone, it blocked the connection: once a multipart parser has started reading a body and stopped, nobody
 * reads the rest, so the client's next request on that kept-alive connection went unanswered until a timeout
 * (decision 008). Closing the connection instead breaks clients that are still sending the body they announced:
 * one fetch in four then failed with EPIPE and never saw our answer. So a body of up to `drainLimitBytes` is read and
 * thrown away, as Node does for a body nobody touched, and the connection stays open; a larger body, or one of
 * unknown length, gets `Connection: close` (no legitimate client sends that much), as Fastify does for a JSON body
 * over its limit.
 */
export function installUnreadBodyHandling(app: FastifyInstance, drainLimitBytes: number): void {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    // `complete` is false until the whole body has arrived (app.inject's requests leave it undefined).
    if (raw.complete !== false) return;
    const announced = Number(raw.headers['content-length']);
    if (Number.isFinite(announced) && announced <= drainLimitBytes) {
      // Whoever stopped reading (the multipart parser) lets go of the body, and the rest flows to nowhere.
      raw.unpipe();
      raw.resume();
    } else {
      reply.header('Connection', 'close');
    }
  });
}
