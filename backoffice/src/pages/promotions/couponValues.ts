export const MAX_GENERATED = 1000;

export interface Coupon {
  code: string;
  usageLimit?: number | null;
  timesUsed: number;
}

/** An optional whole number of uses, 1 or more; undefined when the text is not one. */
export function limitOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[1-9]\d{0,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}
