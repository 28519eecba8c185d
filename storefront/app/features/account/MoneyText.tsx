import { Price } from '@vela/ui/Price';

/** Magento's Money, whose parts are nullable in the schema. */
export function MoneyText({
  money,
  className,
}: {
  money: { value?: number | null; currency?: string | null } | null | undefined;
  className?: string;
}) {
  if (money?.value == null || !money.currency) return null;
  return <Price value={money.value} currency={money.currency} className={className} />;
}
