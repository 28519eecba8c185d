import { type MessageDescriptor, defineMessages } from 'react-intl';

// Partial invoices and shipments, and the documents' PDFs. Magento's French admin: « Facture »,
// « Bon de livraison », « Avoir », « Qté à facturer », « Qté à expédier ».
const messages = defineMessages({
  invoiceQuantities: { id: 'backoffice.fulfilment.invoiceQuantities', defaultMessage: 'Quantities to invoice now' },
  shipQuantities: { id: 'backoffice.fulfilment.shipQuantities', defaultMessage: 'Quantities in this parcel' },
  lineHint: {
    id: 'backoffice.fulfilment.lineHint',
    defaultMessage: '{left} of {ordered} left; 0 leaves the line for later.',
  },
  quantityInvalid: {
    id: 'backoffice.fulfilment.quantityInvalid',
    defaultMessage: '{name}: enter a whole number from 0 to {left}.',
  },
  nothingChosen: {
    id: 'backoffice.fulfilment.nothingChosen',
    defaultMessage: 'Enter a quantity of 1 or more on at least one line.',
  },
  invoiceButton: { id: 'backoffice.fulfilment.invoiceButton', defaultMessage: 'Invoice' },
  partlyInvoiced: {
    id: 'backoffice.fulfilment.partlyInvoiced',
    defaultMessage: 'Order {number} is partly invoiced; the rest can be invoiced later.',
  },
  partlyShipped: {
    id: 'backoffice.fulfilment.partlyShipped',
    defaultMessage: 'The parcel is on its way; the rest can be shipped later.',
  },
  documentLines: { id: 'backoffice.fulfilment.documentLines', defaultMessage: 'Lines: {lines}' },
  documentLine: { id: 'backoffice.fulfilment.documentLine', defaultMessage: '{quantity} × {sku}' },
  invoicePdf: { id: 'backoffice.fulfilment.invoicePdf', defaultMessage: 'Invoice {number} (PDF)' },
  packingSlipPdf: { id: 'backoffice.fulfilment.packingSlipPdf', defaultMessage: 'Packing slip {number} (PDF)' },
  creditMemoPdf: { id: 'backoffice.fulfilment.creditMemoPdf', defaultMessage: 'Credit memo {number} (PDF)' },
  pdf: { id: 'backoffice.fulfilment.pdf', defaultMessage: 'PDF' },
});

/** Plain descriptors, so each takes the values its text names. */
export const f: Record<keyof typeof messages, MessageDescriptor> = messages;
