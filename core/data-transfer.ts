import { z } from 'zod';

/** What POST /api/import answers (docs/product.md#your-data, decision 020): rows are numbered as in the file (CSV: the spreadsheet row). */
export const importSummarySchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** The formats GET /api/export?format= offers. */
export const EXPORT_FORMATS = ['json', 'csv', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
