import type { CatchCreatePayload } from '#core/catch.ts';

/**
 * What the outbox keeps and the sync engine posts for a saved catch: the create payload of the one catch contract
 * (core/catch-schema.ts), which carries the outbox fields the server accepts (docs/product.md#catch): `clientId` makes a retry
 * idempotent, `createdAt` is when it was saved on the device. The log form builds it; the name lives here, with the
 * outbox, so that offline/ never imports from features/.
 */
export type CatchPayload = CatchCreatePayload;
