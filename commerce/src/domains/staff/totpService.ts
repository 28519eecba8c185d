import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

// Time-based one-time codes (RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits,
// 30 seconds). One step either side is accepted, for a phone whose clock is a little off; a code
// is accepted once: its time step must be later than the last one accepted for the account.

const PERIOD_SECONDS = 30;
const CODE = /^\d{6}$/;

export interface TotpEnrolment {
  secret: string;
  uri: string;
  qrCodeSvg: string;
}

export function newTotpSecret(): string {
  // 20 bytes, the size of a SHA-1 key, as RFC 4226 recommends.
  return generateSecret({ length: 20 });
}

export async function totpEnrolment(secret: string, issuer: string, account: string): Promise<TotpEnrolment> {
  const uri = generateURI({ issuer, label: account, secret });
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCodeSvg };
}

/** The time step the code belongs to when it is right and newer than `afterStep`; else null. */
export async function acceptTotpCode(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!CODE.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  if (!result.valid) return null;
  return 'timeStep' in result ? result.timeStep : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + result.delta;
}
