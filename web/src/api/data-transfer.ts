import type { ExportFormat, ImportSummary } from '#core/data-transfer.ts';
import { http } from './http.ts';

/** How far a download has come: bytes so far, and of how many when the server said (a streamed export does not). */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** The file name of an attachment (Content-Disposition), or the fallback. */
function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * GET /api/export?format=…: the whole log as a file, read chunk by chunk so a big log can show its progress.
 * Resolves with the file and its name (tightlines-export-YYYY-MM-DD.json|csv|zip).
 */
export async function downloadExport(
  format: ExportFormat,
  onProgress: (progress: DownloadProgress) => void,
): Promise<{ file: Blob; name: string }> {
  const response = await http(`/api/export?format=${format}`);
  const name = attachmentName(response, `tightlines-export.${format}`);
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.length;
      onProgress({ received, total });
    }
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { file: new Blob(parts, { type }), name };
}

/** POST /api/import: a JSON, CSV or ZIP export (field `file`) → what was created, skipped and rejected. */
export async function importFile(file: Blob, name: string): Promise<ImportSummary> {
  const form = new FormData();
  form.append('file', file, name);
  return (await (await http('/api/import', { method: 'POST', form })).json()) as ImportSummary;
}
