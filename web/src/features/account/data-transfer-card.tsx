import { useMutation } from '@tanstack/react-query';
import { Download, FileUp, HardDriveDownload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type ExportFormat, IMPORT_REJECTIONS_LISTED, type ImportSummary } from '#core/data-transfer.ts';
import { type DownloadProgress, downloadExport, importFile } from '@/api/data-transfer';
import { ApiError } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { queryClient, queryKeys } from '@/lib/query-client';
import { saveFile } from '@/lib/save-file';

const EXPORTS: Array<{ format: ExportFormat; label: string }> = [
  { format: 'json', label: 'Export JSON' },
  { format: 'csv', label: 'Export CSV' },
  { format: 'zip', label: 'Export ZIP with photos' },
];

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The server's reason, or (the request never got an answer) that this needs a connection. */
function failure(error: unknown): string {
  return error instanceof ApiError
    ? error.serverMessage
    : 'This needs a connection. Please try again when you are online.';
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** Rejected rows listed one by one; past these, the rest are counted (a full log refuses 50,000 rows at once). */
const REJECTED_ROWS_SHOWN = IMPORT_REJECTIONS_LISTED;

function ImportResult({ summary }: { summary: ImportSummary }) {
  const { created, skipped, rejected } = summary;
  // The server lists the first rejected rows and counts them all.
  const rejectedCount = summary.rejectedCount ?? rejected.length;
  const shown = rejected.slice(0, REJECTED_ROWS_SHOWN);
  const more = rejectedCount - shown.length;
  // The result lands below the fold on a phone: brought into view and focused (read out by a screen reader), so the
  // angler sees the import ended and how. On mount: every import's result is a new one (keyed by the import).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    box.current.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    box.current.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="grid gap-1 rounded-lg border border-border p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="import-summary"
    >
      <p className="font-semibold">
        {plural(created, 'catch', 'catches')} imported, {skipped.toLocaleString('en-US')} already in your log,{' '}
        {plural(rejectedCount, 'row', 'rows')} rejected
      </p>
      {rejectedCount > 0 && (
        <ul
          aria-label="Rejected rows"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must scroll from the keyboard too (axe's scrollable-region-focusable)
          tabIndex={0}
          className="max-h-40 list-none overflow-y-auto rounded text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {shown.map(({ row, message }) => (
            <li key={row}>
              Row {row}: {message}
            </li>
          ))}
          {more > 0 && <li>…and {plural(more, 'more row', 'more rows')} rejected</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * Profile → Export / import (docs/product.md#your-data, decision 020): the whole log as JSON, CSV or a ZIP with the photos, and an import of any
 * of them (a CSV edited in a spreadsheet too). Rows already in the log are skipped; the history refreshes after.
 * Both need a connection.
 */
export function DataTransferCard() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const exportLog = useMutation({
    // Offline they fail at once with a toast, rather than waiting paused (TanStack's default) with a spinner that
    // never ends.
    networkMode: 'always',
    mutationFn: (format: ExportFormat) => downloadExport(format, setProgress),
    onMutate: () => setProgress({ received: 0, total: null }),
    onSuccess: ({ file, name }) => saveFile(file, name),
    onError: (error) => {
      toast({
        title: 'Export failed',
        description: failure(error),
        variant: 'destructive',
      });
    },
    onSettled: () => setProgress(null),
  });

  const importLog = useMutation({
    networkMode: 'always',
    mutationFn: (file: File) => importFile(file, file.name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catches }),
    onError: (error) => {
      toast({
        title: 'Import failed',
        description: failure(error),
        variant: 'destructive',
      });
    },
  });

  const busy = exportLog.isPending || importLog.isPending;

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <HardDriveDownload aria-hidden="true" className="size-5 text-primary" />
          Export and import
        </CardTitle>
        <CardDescription>
          Your whole log as a file to keep or open in a spreadsheet, and back into any account. Catches
          already in your log are never doubled.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2 sm:grid-cols-3">
          {EXPORTS.map(({ format, label }) => (
            <Button key={format} variant="outline" disabled={busy} onClick={() => exportLog.mutate(format)}>
              {exportLog.isPending && exportLog.variables === format ? (
                <Spinner className="size-4" />
              ) : (
                <Download aria-hidden="true" />
              )}
              {label}
            </Button>
          ))}
        </div>
        {progress && (
          <div role="status" className="grid gap-1 text-sm text-muted-foreground">
            <span>
              Downloading… {megabytes(progress.received)}
              {progress.total ? ` of ${megabytes(progress.total)}` : ''}
            </span>
            {progress.total ? (
              <progress className="w-full" max={progress.total} value={progress.received} />
            ) : null}
          </div>
        )}
        <input
          ref={fileInput}
          type="file"
          accept=".json,.csv,.zip,application/json,text/csv,application/zip"
          aria-label="File to import"
          // Not shown: the button below opens it (display: none, so it is no tap target of its own).
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) importLog.mutate(file);
          }}
        />
        <Button variant="outline" disabled={busy} onClick={() => fileInput.current?.click()}>
          {importLog.isPending ? <Spinner className="size-4" /> : <FileUp aria-hidden="true" />}
          {importLog.isPending ? 'Importing…' : 'Import JSON, CSV or ZIP'}
        </Button>
        {/* Announced when it arrives: the import may take a while, and the angler may have moved on. */}
        <div role="status">
          {importLog.data && <ImportResult key={importLog.submittedAt} summary={importLog.data} />}
        </div>
      </CardContent>
    </Card>
  );
}
