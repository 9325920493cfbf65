import { z } from 'zod';

/** The most rejected rows an import answers with; `rejectedCount` says how many there were in all. */
export const IMPORT_REJECTIONS_LISTED = 100;

/** The spots or trips an import made, and those the account had already (found by their clientId). */
const recordCountsSchema = z.object({ created: z.number().int(), skipped: z.number().int() });

/** What POST /api/import answers (docs/product.md#your-data, decision 020): rows are numbered as in the file (CSV: the spreadsheet row). */
export const importSummarySchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  /** The first IMPORT_REJECTIONS_LISTED rejected rows, in file order. */
  rejected: z.array(z.object({ row: z.number().int(), message: z.string() })),
  /** Every rejected row, listed or not (absent from servers before it: then `rejected` is all of them). */
  rejectedCount: z.number().int().optional(),
  /**
   * The spots and trips of the file (docs/decisions/043-trips-and-spots.md), when it lists any; their rejected rows
   * are in `rejected`, numbered in their own list and named 'Spot: …' or 'Trip: …'. `created` and `skipped` above
   * count catches.
   */
  spots: recordCountsSchema.optional(),
  trips: recordCountsSchema.optional(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** The formats GET /api/export?format= offers. */
export const EXPORT_FORMATS = ['json', 'csv', 'zip', 'gpx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
