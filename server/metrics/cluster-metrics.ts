// With WEB_CONCURRENCY > 1 a scrape reaches one worker, whose own counts are a fraction of the host's. The worker
// asks the primary, which gathers every worker's registry (prom-client's AggregatorRegistry sums counters,
// histograms and gauges over the workers) and answers with the host's figures.
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry, type RegistryContentType } from 'prom-client';
import type { MetricsSource } from './metrics.routes.ts';

const REQUEST = 'tightlines:metrics-request';
const ANSWER = 'tightlines:metrics-answer';
/** prom-client gives up on a worker after 5 s; this covers that and the way back. */
const ANSWER_TIMEOUT_MS = 10_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  contentType?: string;
  text?: string;
  error?: string;
}

/** In a worker: the primary may read `registry`, and a scrape answers with the sum over every worker. */
export function clusterMetricsSource(registry: Registry<RegistryContentType>): MetricsSource {
  AggregatorRegistry.setRegistries([registry]);
  // Its construction makes this worker answer the primary's requests for its registry.
  new AggregatorRegistry();
  let nextId = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  process.on('message', (message: Answer) => {
    if (message?.type !== ANSWER) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer with the metrics in time'));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        if (answer.error !== undefined || answer.text === undefined) {
          reject(new Error(`gathering the workers' metrics failed: ${answer.error}`));
        } else {
          resolve({ contentType: answer.contentType ?? 'text/plain', text: answer.text });
        }
      });
      process.send?.({ type: REQUEST, id });
    });
}

/** In the primary: answers each worker's request with the sum over all workers (Prometheus' text format). */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST || message.id === undefined) return;
    const { id } = message;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) =>
      worker.send({ type: ANSWER, id, ...answer } satisfies Answer);
    aggregator.clusterMetrics().then(
      (text) => reply({ contentType: aggregator.contentType, text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}
