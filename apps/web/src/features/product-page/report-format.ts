import type { ReviewSummary } from '@pinpoint/contracts';

const numbers = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** 4.25 → "4.3 out of 5"; none → "No star ratings". */
export function formatAverage(average: number | null): string {
  return average === null ? 'No star ratings' : `${oneDecimal.format(average)} out of 5`;
}

/** 0.873 → "87%"; null (no reviews) → "No reviews". */
export function formatRate(rate: number | null): string {
  return rate === null ? 'No reviews' : `${Math.round(rate * 100)}%`;
}

/** Minutes as a person would say them: "45 min", "3 h 20 min", "2 days 4 h". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return 'No replies yet';
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  if (hours < 24) {
    const rest = total % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  const dayWord = days === 1 ? 'day' : 'days';
  return restHours ? `${days} ${dayWord} ${restHours} h` : `${days} ${dayWord}`;
}

/** "12 positive, 1 negative", or null when the range has no recommendations. */
export function formatRecommendations(summary: ReviewSummary): string | null {
  const { positive, negative } = summary.recommendations;
  if (positive + negative === 0) return null;
  return `${numbers.format(positive)} positive, ${numbers.format(negative)} negative`;
}
