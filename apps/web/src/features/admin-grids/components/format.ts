/** Seconds as "1 h 5 min", "3 min 20 s" or "45 s". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/** An ATRP change with its sign: negative is better (a lower average rank). */
export function formatChange(change: number, digits = 2): string {
  const text = Math.abs(change).toFixed(digits);
  return change > 0 ? `+${text}` : change < 0 ? `−${text}` : text;
}
