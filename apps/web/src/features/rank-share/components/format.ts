/** MM/dd/yyyy in the viewer's local time (DECISIONS.md "Data"). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  });
}

/** MM/dd/yyyy and the time, in the viewer's local time. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
  })}`;
}
