import { FIRST_VIEW_DATA } from '#core/first-view-data.ts';
import type { StatsSummary } from '#core/stats-schema.ts';
import { http } from './http.ts';

/** History's Stats view's read: loaded with the view, not in the shell's first bundle (decision 023). */
export const STATS_PATH = FIRST_VIEW_DATA.stats;

/** GET /api/stats: the Stats view's figures of the whole log, worked out by the server (decision 049). */
export async function getStatsSummary(): Promise<StatsSummary> {
  return (await (await http(STATS_PATH)).json()) as StatsSummary;
}
