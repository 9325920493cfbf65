/**
 * What the outbox keeps and the sync engine posts for a saved catch: the catch payload of SPEC §3, plus the
 * outbox fields the server accepts (DESIGN §4): `clientId` makes a retry idempotent, `createdAt` is when it was
 * saved on the device. The log form builds it (features/catches/catch-payload.ts); it lives here, with the
 * outbox, so that offline/ never imports from features/.
 */
export interface CatchPayload {
  fishType: string;
  weight: number | null;
  length: number | null;
  locationName: string;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  waterTemperature: number | null;
  catchDate: string;
  timeOfDay: string;
  lineSize: string | null;
  baitUsed: string | null;
  depth: number | null;
  photo: string | null;
  clientId: string;
  createdAt: string;
}
