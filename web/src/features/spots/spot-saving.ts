import type { Spot, SpotChanges, SpotCreateInput } from '#core/spots.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { loadOfflineRuntime } from '@/offline/load-offline-runtime';
import type { Outbox } from '@/offline/outbox';
import {
  createRecordOffline,
  deleteRecordOffline,
  editRecordOffline,
  type RecordRef,
} from '@/offline/record-actions';
import { keepTideStationsAt } from '../tools/tide-stations.ts';

/**
 * Every write of a spot the app makes goes through these functions (decision 043): into the phone's outbox, like a
 * catch, so they work offline and reach the server once and in order (offline/record-actions.ts). The screens show
 * them at once (spots-merge.ts); the server's answers (counts, linked catches) follow when the outbox is sent
 * (offline-runtime.ts).
 */

/** A new spot, without the clientId this module gives it. */
type NewSpot = Omit<SpotCreateInput, 'clientId'>;

async function queue(write: (outbox: Outbox, userId: number) => Promise<unknown>): Promise<void> {
  const userId = queryClient.getQueryData<User | null>(queryKeys.user)?.id;
  if (userId === undefined) throw new Error('You must be logged in');
  const offline = await loadOfflineRuntime();
  await write(offline.outbox, userId);
  offline.requestFlush();
}

/**
 * Queues a new spot; answers with its clientId. The server links the catches in its radius that have no spot when
 * the spot reaches it.
 */
export async function saveNewSpot(spot: NewSpot): Promise<string> {
  const clientId = crypto.randomUUID();
  await assertValidSpot('create', { ...spot, clientId });
  await queue((outbox, userId) => createRecordOffline(outbox, userId, 'spot', { ...spot, clientId }));
  if (navigator.onLine) void keepTideStationsAt(queryClient, spot);
  return clientId;
}

/** Resolves with the spot once the server has it (the spot list holds its clientId): to link a catch to it. */
export function whenSpotSaved(clientId: string): Promise<Spot> {
  return new Promise((resolve) => {
    const find = () =>
      queryClient.getQueryData<Spot[]>(queryKeys.spots)?.find((spot) => spot.clientId === clientId);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      const saved = find();
      if (!saved) return;
      unsubscribe();
      resolve(saved);
    });
  });
}

/** Changes a spot's name, notes or radius. */
export async function saveSpotChanges(spot: RecordRef, changes: SpotChanges): Promise<void> {
  await assertValidSpot('update', changes);
  await queue((outbox, userId) => editRecordOffline(outbox, userId, 'spot', spot, changes));
}

/** Deletes a spot; its catches stay, linked to no spot. */
export async function removeSpot(spot: RecordRef): Promise<void> {
  await queue((outbox, userId) => deleteRecordOffline(outbox, userId, 'spot', spot));
}

/** A spot the contract refused: nothing was queued; `fieldErrors` names each field to fix ('name', 'radiusMeters'...). */
class InvalidSpotError extends Error {
  readonly fieldErrors: Readonly<Record<string, string>>;
  constructor(fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors).join('. '));
    this.name = 'InvalidSpotError';
    this.fieldErrors = fieldErrors;
  }
}

/**
 * Checks a spot with the one spot contract (core/spot-schema.ts, the schema the server parses with) before it is
 * queued, so a spot the server would refuse is never promised. zod comes with the catch contract's chunk.
 */
async function assertValidSpot(kind: 'create' | 'update', input: object): Promise<void> {
  const [{ spotCreateSchema, spotUpdateSchema }] = await Promise.all([
    import('#core/spot-schema.ts'),
    import('../../lib/zod-config.ts'),
  ]);
  const result = (kind === 'create' ? spotCreateSchema : spotUpdateSchema).safeParse(input);
  if (result.success) return;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  throw new InvalidSpotError(errors);
}

/** The contract's reasons per field when it refused a spot; none for any other failure. */
export function refusedSpotFields(error: unknown): Readonly<Record<string, string>> {
  return error instanceof InvalidSpotError ? error.fieldErrors : {};
}
