// The front door of domains/reports: what the composition root (domains/context.ts) and the API
// layers use of it. Reports only read; they own no table. Everything else in this folder is private.
export {
  DEFAULT_LOW_STOCK_THRESHOLD,
  LOW_STOCK_SETTING,
  MAX_REPORT_PAGE_SIZE,
  REPORT_KINDS,
  lowStockThreshold,
  parseReportKind,
  runReport,
  setLowStockThreshold,
  shopTimeZone,
  type ReportCell,
  type ReportColumn,
  type ReportKind,
  type ReportRequest,
  type ReportTable,
} from './reportService';
export { openDayBounds, reportRange, type ReportPeriod } from './reportPeriods';
export { MAX_EXPORT_ROWS, ordersCsv, reportCsv, type CsvWriter, type OrderExportFilter } from './reportCsv';
