// The words of the printed documents (invoice, packing slip, credit memo) and of the e-mails that
// carry them, in the language of the store view the order was placed in. en_US for any other.

export type SalesDocumentKind = 'invoice' | 'packingSlip' | 'creditMemo';

export interface SalesDocumentWords {
  title: Record<SalesDocumentKind, string>;
  number: Record<SalesDocumentKind, string>;
  date: string;
  order: string;
  orderDate: string;
  billTo: string;
  shipTo: string;
  payment: string;
  shippingMethod: string;
  tracking: string;
  sku: string;
  product: string;
  quantity: string;
  price: string;
  rowTotal: string;
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  grandTotal: string;
  page: (n: number, of: number) => string;
  invoiceMail: { subject: (store: string, number: string) => string; body: (order: string) => string };
  creditMemoMail: { subject: (store: string, number: string) => string; body: (order: string) => string };
  attached: string;
  signOff: (store: string) => string;
}

const EN: SalesDocumentWords = {
  title: { invoice: 'Invoice', packingSlip: 'Packing slip', creditMemo: 'Credit memo' },
  number: { invoice: 'Invoice #', packingSlip: 'Shipment #', creditMemo: 'Credit memo #' },
  date: 'Date',
  order: 'Order #',
  orderDate: 'Order date',
  billTo: 'Bill to',
  shipTo: 'Ship to',
  payment: 'Payment method',
  shippingMethod: 'Shipping method',
  tracking: 'Tracking number',
  sku: 'SKU',
  product: 'Product',
  quantity: 'Qty',
  price: 'Price',
  rowTotal: 'Total',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping & handling',
  tax: 'Tax',
  grandTotal: 'Grand total',
  page: (n, of) => `Page ${n} of ${of}`,
  invoiceMail: {
    subject: (store, number) => `Invoice #${number} for your ${store} order`,
    body: (order) => `Thank you for your order #${order}. Here is your invoice.`,
  },
  creditMemoMail: {
    subject: (store, number) => `Refund #${number} for your ${store} order`,
    body: (order) => `We have refunded part or all of your order #${order}. Here is your credit memo.`,
  },
  attached: 'The document is attached as a PDF.',
  signOff: (store) => `Thank you for shopping with ${store}.`,
};

const FR: SalesDocumentWords = {
  title: { invoice: 'Facture', packingSlip: 'Bon de livraison', creditMemo: 'Avoir' },
  number: { invoice: 'Facture n°', packingSlip: 'Expédition n°', creditMemo: 'Avoir n°' },
  date: 'Date',
  order: 'Commande n°',
  orderDate: 'Date de commande',
  billTo: 'Facturé à',
  shipTo: 'Livré à',
  payment: 'Mode de paiement',
  shippingMethod: 'Mode de livraison',
  tracking: 'Numéro de suivi',
  sku: 'Réf.',
  product: 'Produit',
  quantity: 'Qté',
  price: 'Prix',
  rowTotal: 'Total',
  subtotal: 'Sous-total',
  discount: 'Remise',
  shipping: 'Frais de port',
  tax: 'TVA',
  grandTotal: 'Total TTC',
  page: (n, of) => `Page ${n} sur ${of}`,
  invoiceMail: {
    subject: (store, number) => `Facture n° ${number} de votre commande ${store}`,
    body: (order) => `Merci pour votre commande n° ${order}. Voici votre facture.`,
  },
  creditMemoMail: {
    subject: (store, number) => `Remboursement n° ${number} de votre commande ${store}`,
    body: (order) => `Nous avons remboursé tout ou partie de votre commande n° ${order}. Voici votre avoir.`,
  },
  attached: 'Le document est joint au format PDF.',
  signOff: (store) => `Merci de votre confiance, ${store}.`,
};

const WORDS: Record<string, SalesDocumentWords> = { en_US: EN, en_GB: EN, fr_FR: FR };

export function salesDocumentWords(locale: string): SalesDocumentWords {
  return WORDS[locale] ?? EN;
}
