/** What POST /api/import answers (issue 11): rows are numbered as in the file (CSV: the spreadsheet row). */
export interface ImportSummary {
  created: number;
  skipped: number;
  rejected: { row: number; message: string }[];
}

/** The formats GET /api/export?format= offers. */
export const EXPORT_FORMATS = ['json', 'csv', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
