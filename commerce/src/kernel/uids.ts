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

// Custom options (Magento's Uid encoder with the 'custom-option' type): an option is
// 'custom-option/{option_id}' (also the uid of a text option's entered value), a value of a
// select-like option 'custom-option/{option_id}/{option_type_id}'.

export function customOptionUid(optionId: number): string {
  return encodeUid(`custom-option/${optionId}`);
}

export function customOptionValueUid(optionId: number, valueId: number): string {
  return encodeUid(`custom-option/${optionId}/${valueId}`);
}

/** The option (and value) a custom-option uid names, or null if the uid is not one. */
export function parseCustomOptionUid(uid: string): { optionId: number; valueId: number | null } | null {
  const match = /^custom-option\/(\d+)(?:\/(\d+))?$/.exec(decodeUid(uid));
  if (!match) return null;
  return { optionId: Number(match[1]), valueId: match[2] === undefined ? null : Number(match[2]) };
}
