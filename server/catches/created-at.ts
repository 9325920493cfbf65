/** Earliest saved-on-device time we believe; anything before is a broken device clock. */
const EARLIEST_PLAUSIBLE_MS = Date.UTC(1990, 0, 1);

/**
 * Which device clock we believe: when a catch was saved on the device (a create's `createdAt`, an imported row's),
 * if that is a time between 1990 and now; otherwise (missing, unparsable, before 1990 or in the future) `now`, the
 * server's clock. One rule for every create route and the import, so the same catch gets the same time either way.
 */
export function resolveCreatedAt(claimed: unknown, now: Date): Date {
  if (typeof claimed !== 'string') return now;
  const ms = Date.parse(claimed);
  if (Number.isNaN(ms) || ms > now.getTime() || ms < EARLIEST_PLAUSIBLE_MS) return now;
  return new Date(ms);
}
