import { z } from 'zod';

/** The most rejected rows an import answers with; `rejectedCount` says how many there were in all. */
export const IMPORT_REJECTIONS_LISTED = 100;

/** What POST /api/import answers (docs/product.md#your-data, decision 020): rows are numbered as in the file (CSV: the spreadsheet row). */
export const importSummarySchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  /** The first IMPORT_REJECTIONS_LISTED rejected rows, in file order. */
  rejected: z.array(z.object({ row: z.number().int(), message: z.string() })),
  /** Every rejected row, listed or not (absent from servers before it: then `rejected` is all of them). */
  rejectedCount: z.number().int().optional(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** The formats GET /api/export?format= offers. */
export const EXPORT_FORMATS = ['json', 'csv', 'zip', 'gpx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
