/** Magento gives order dates as `YYYY-MM-DD HH:MM:SS` in UTC. */
export function orderDate(value: string): Date {
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? new Date(value) : date;
}
