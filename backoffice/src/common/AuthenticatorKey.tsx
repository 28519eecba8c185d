import { FormattedMessage, useIntl } from 'react-intl';

/** What to add to an authenticator app: the QR code, and the same key to type by hand. */
export function AuthenticatorKey({ secret, qrCodeSvg }: { secret: string; qrCodeSvg: string }) {
  const intl = useIntl();
  const groups = secret.match(/.{1,4}/g) ?? [secret];
  return (
    <>
      <li>
        <FormattedMessage id="backoffice.authenticator.scan" defaultMessage="Scan this QR code with the app:" />
        <img
          className="bo-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCodeSvg)}`}
          alt={intl.formatMessage({
            id: 'backoffice.authenticator.qrCode',
            defaultMessage: 'QR code that adds Vela to an authenticator app; the same key is written out below.',
          })}
          width={192}
          height={192}
        />
      </li>
      <li>
        <FormattedMessage
          id="backoffice.authenticator.typeKey"
          defaultMessage="Or type this key into the app by hand (time-based, 6 digits):"
        />
        <code className="bo-secret" data-testid="totp-secret">
          {groups.join(' ')}
        </code>
      </li>
    </>
  );
}
