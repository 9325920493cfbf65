import { FIRST_VIEW_DATA } from '#core/first-view-data.ts';
import type { Insights } from '#core/insights.ts';
import { http } from './http.ts';

/** History's Insights view's read: loaded with the view, not in the shell's first bundle (decision 023). */
export const INSIGHTS_PATH = FIRST_VIEW_DATA.insights;

/** GET /api/insights: what works for the angler over the whole log, worked out by the server (decision 044). */
export async function getInsights(): Promise<Insights> {
  return (await (await http(INSIGHTS_PATH)).json()) as Insights;
}
