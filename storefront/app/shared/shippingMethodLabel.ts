/**
 * One spelling of a shipping method everywhere the shopper reads it: "Carrier · Method"
 * ("Standard delivery · 3–5 working days": a middle dot, since shopper-written titles hold dashes).
 */
export function shippingMethodLabel(carrier: string | null | undefined, method: string | null | undefined): string {
  return [carrier, method].filter(Boolean).join(' · ');
}

/**
 * An order's stored description ("Carrier - Method", as Magento writes it) in the same spelling
 * as the checkout showed it.
 */
export function orderShippingLabel(description: string): string {
  return description.replace(/ [-—–] /, ' · ');
}
