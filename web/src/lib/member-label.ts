import { format } from 'date-fns';

/** The profile's member label: 'Member since Apr 2025' from the account's creation time, 'Pro Member' if unknown. */
export function memberLabel(createdAt: string | null | undefined): string {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Pro Member';
  return `Member since ${format(date, 'MMM yyyy')}`;
}
