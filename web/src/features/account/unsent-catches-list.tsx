import { CloudOff } from 'lucide-react';
import type { UnsentCatch } from './unsent-catches.ts';

/** Names the catches on this phone that the server has not received yet (the warnings before a sign-out). */
export function UnsentCatchesList({ catches, intro }: { catches: readonly UnsentCatch[]; intro: string }) {
  if (catches.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <p className="flex items-start gap-2 font-semibold">
        <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        {intro}
      </p>
      <ul aria-label="Unsent catches" className="grid list-disc gap-0.5 pl-8">
        {catches.map((item) => (
          <li key={item.clientId} className="break-words">
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'catch' or 'catches' with the count: '1 catch', '3 catches'. */
export function catchCount(count: number): string {
  return count === 1 ? '1 catch' : `${count} catches`;
}
