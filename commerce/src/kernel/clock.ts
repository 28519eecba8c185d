/** Where every service reads the time, so tests can move it and no rule depends on the wall clock. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The `YYYY-MM-DD HH:MM:SS` (UTC) form Magento uses for created_at and updated_at. */
export function sqlTimestamp(at: Date): string {
  return at.toISOString().replace('T', ' ').slice(0, 19);
}
