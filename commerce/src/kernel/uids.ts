// Magento's uids are base64 of the numeric id; configurable option values encode
// 'configurable/{attribute}/{option}' the same way. Clients treat them as opaque.

export function encodeUid(value: string | number): string {
  return Buffer.from(String(value)).toString('base64');
}

export function decodeUid(uid: string): string {
  return Buffer.from(uid, 'base64').toString('utf8');
}

/** The numeric id inside a uid, or null if the uid does not hold one. */
export function decodeNumericUid(uid: string): number | null {
  const decoded = decodeUid(uid);
  return /^\d+$/.test(decoded) ? Number(decoded) : null;
}

export function configurableOptionValueUid(attributeCode: string, optionId: number): string {
  return encodeUid(`configurable/${attributeCode}/${optionId}`);
}

export function parseConfigurableOptionValueUid(uid: string): { attributeCode: string; optionId: number } | null {
  const match = /^configurable\/([a-z_]+)\/(\d+)$/.exec(decodeUid(uid));
  return match ? { attributeCode: match[1] as string, optionId: Number(match[2]) } : null;
}
