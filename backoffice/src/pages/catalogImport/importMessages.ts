import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  title: { id: 'backoffice.import.title', defaultMessage: 'Catalog import' },
  intro: {
    id: 'backoffice.import.intro',
    defaultMessage:
      'Import products from a Magento 2 product CSV, the format of Magento’s own catalog export. Rows are matched by SKU: new SKUs are created, known ones updated, and importing the same file again changes nothing.',
  },
  readOnly: {
    id: 'backoffice.import.readOnly',
    defaultMessage: 'Your role can read the catalog but not import into it.',
  },
  file: { id: 'backoffice.import.file', defaultMessage: 'CSV file' },
  fileHint: {
    id: 'backoffice.import.fileHint',
    defaultMessage: 'Columns such as sku, product_type, name, price, qty, categories and configurable_variations.',
  },
  uploadLimit: {
    id: 'backoffice.import.uploadLimit',
    defaultMessage: 'Up to {limit} per import, the file and its images together.',
  },
  fileMissing: { id: 'backoffice.import.fileMissing', defaultMessage: 'Choose a CSV file first.' },
  fileNotCsv: {
    id: 'backoffice.import.fileNotCsv',
    defaultMessage: 'The file must be a CSV file (.csv), as Magento exports it.',
  },
  fileTooLarge: {
    id: 'backoffice.import.fileTooLarge',
    defaultMessage: 'The file and its images are larger than {limit}, the most one import takes.',
  },
  images: { id: 'backoffice.import.images', defaultMessage: 'Images (optional)' },
  imagesHint: {
    id: 'backoffice.import.imagesHint',
    defaultMessage:
      'The files the CSV names in base_image and additional_images; rows whose images are missing are rejected.',
  },
  dryRun: {
    id: 'backoffice.import.dryRun',
    defaultMessage: 'Dry run: check the file and report what would change, without changing the catalog',
  },
  check: { id: 'backoffice.import.check', defaultMessage: 'Check file' },
  import: { id: 'backoffice.import.import', defaultMessage: 'Import' },
  progress: { id: 'backoffice.import.progress', defaultMessage: 'Progress' },
  noJob: { id: 'backoffice.import.noJob', defaultMessage: 'No import started in this visit yet.' },
  export: { id: 'backoffice.import.export', defaultMessage: 'Export' },
  exportHint: {
    id: 'backoffice.import.exportHint',
    defaultMessage:
      'The whole catalog as a Magento 2 product CSV, the format this page imports. Your browser shows the download’s progress; a large catalog takes a while.',
  },
  download: { id: 'backoffice.import.download', defaultMessage: 'Download the catalog (CSV)' },
  unknownJob: { id: 'backoffice.import.unknownJob', defaultMessage: 'The import is no longer known to the server.' },
  checkDone: { id: 'backoffice.import.checkDone', defaultMessage: 'The check is finished.' },
  importDone: { id: 'backoffice.import.importDone', defaultMessage: 'The import is finished.' },
  importDoneDropped: {
    id: 'backoffice.import.importDoneDropped',
    defaultMessage: 'The import is finished, without some of the file’s columns: see the report.',
  },
  running: {
    id: 'backoffice.import.running',
    defaultMessage: '{dryRun, select, yes {Checking} other {Importing}} <b>{file}</b>',
  },
  rowsOf: { id: 'backoffice.import.rowsOf', defaultMessage: '{done} of {total} rows ({percent}%)' },
  rowsRead: { id: 'backoffice.import.rowsRead', defaultMessage: '{done} rows done, {percent}% of the file read…' },
  finished: {
    id: 'backoffice.import.finished',
    defaultMessage:
      '{dryRun, select, yes {Check finished: {done} rows, nothing was changed{dropped, plural, =0 {} one {; # column would not be imported (see the report)} other {; # columns would not be imported (see the report)}}.} other {Import finished: {done} rows{dropped, plural, =0 {} one {; # column was not imported (see the report)} other {; # columns were not imported (see the report)}}.}}',
  },
  failed: { id: 'backoffice.import.failed', defaultMessage: 'The import stopped after {done} rows: {reason}' },
  noReason: { id: 'backoffice.import.noReason', defaultMessage: 'the server gave no reason' },
  report: { id: 'backoffice.import.report', defaultMessage: 'Report' },
  created: {
    id: 'backoffice.import.created',
    defaultMessage: '{dryRun, select, yes {Would be created} other {Created}}',
  },
  updated: {
    id: 'backoffice.import.updated',
    defaultMessage: '{dryRun, select, yes {Would be updated} other {Updated}}',
  },
  unchanged: { id: 'backoffice.import.unchanged', defaultMessage: 'Unchanged' },
  rejected: { id: 'backoffice.import.rejected', defaultMessage: 'Rejected' },
  allImported: {
    id: 'backoffice.import.allImported',
    defaultMessage:
      '{dryRun, select, yes {{withoutColumns, select, yes {Every row would be imported, without the columns above.} other {Every row would be imported.}}} other {{withoutColumns, select, yes {Every row imported, without the columns above.} other {Every row imported.}}}}',
  },
  rejectedCaption: {
    id: 'backoffice.import.rejectedCaption',
    defaultMessage: 'Rejected rows ({count}): fix them in the file and import it again.',
  },
  droppedCaption: {
    id: 'backoffice.import.droppedCaption',
    defaultMessage:
      '{dryRun, select, yes {Columns that would not be imported ({count}): their data is not in the shop.} other {Columns not imported ({count}): their data is not in the shop.}}',
  },
  column: { id: 'backoffice.import.column', defaultMessage: 'Column' },
  rowsWithData: { id: 'backoffice.import.rowsWithData', defaultMessage: 'Rows with data' },
  line: { id: 'backoffice.import.line', defaultMessage: 'Line' },
  sku: { id: 'backoffice.import.sku', defaultMessage: 'SKU' },
  reason: { id: 'backoffice.import.reason', defaultMessage: 'Reason' },
});

/** The catalog import page's words (plain descriptors, so each takes the values its text names). */
export const m: Record<keyof typeof messages, MessageDescriptor> = messages;
