// Whether a product can be sold from stock, decided in one place for the import and the back
// office's stock edit, the way Magento's stock item decides it for a shop without backorders:
// nothing left is out of stock whatever was asked (Magento's verifyStock), stock on hand is in
// stock unless the merchant said it is not. A change of quantity without a status derives the
// status from the quantity, so a restocked product is for sale again.

/** 1 in stock, 0 out. `requested`: the status the merchant gave with the quantity, if any. */
export function stockStatus(qty: number, requested?: number): number {
  if (qty <= 0) return 0;
  return requested ?? 1;
}
