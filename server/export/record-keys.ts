import { uuidOfContent } from './import-rows.ts';

/** What a spot or trip is in an export file: the key its catches (and a trip's spot) name it by. */
interface KeyedRecord {
  id: number;
  clientId: string | null;
  createdAt: string;
}

/**
 * The clientId a spot or trip carries in an export (docs/decisions/043-trips-and-spots.md): its own, or for one saved
 * without (by a script), a UUID-shaped id derived from its id and when it was saved here. A re-import into the same
 * account finds the record by it (the import keys the account's records the same way), one into another account
 * stores it, so importing the file again there doubles nothing either.
 */
export function exportedClientId(kind: 'spot' | 'trip', record: KeyedRecord): string {
  return record.clientId ?? uuidOfContent([kind, record.id, record.createdAt]);
}

/** Each record's id to its exported clientId. */
export function clientIdsById(kind: 'spot' | 'trip', records: readonly KeyedRecord[]): Map<number, string> {
  return new Map(records.map((record) => [record.id, exportedClientId(kind, record)]));
}
