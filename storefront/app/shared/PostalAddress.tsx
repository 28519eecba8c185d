import { addressLines, type DisplayAddress } from './formatAddress';

/** A postal address in its country's order, one line each in an <address> element, the phone number last. */
export function PostalAddress({
  address,
  telephone,
  className,
}: {
  address: DisplayAddress;
  telephone?: string | null;
  className?: string;
}) {
  return (
    <address className={className}>
      {addressLines(address).map((line, index) => (
        <span key={index}>{line}</span>
      ))}
      {telephone && <span>{telephone}</span>}
    </address>
  );
}
