import { useIntl } from 'react-intl';

interface PriceProps {
  value: number;
  currency: string;
  className?: string;
}

/** Formats money with Intl for the store's locale and currency; the amount always comes from the API. */
export function Price({ value, currency, className }: PriceProps) {
  const intl = useIntl();
  return <span className={className}>{intl.formatNumber(value, { style: 'currency', currency })}</span>;
}
