import { describe, expect, it } from 'vitest';
import { dollarsToCents, parseKeywords } from './components/ads-estimator';
import {
  displayUrl,
  enumLabel,
  formatFileSize,
  formatSeconds,
  imageSource,
  scheduleLine,
  trendWords,
} from './google-ads-format';

describe('Google Ads formatting', () => {
  it('reads Google’s enum names as words', () => {
    expect(enumLabel('SEARCH')).toBe('Search');
    expect(enumLabel('PERFORMANCE_MAX')).toBe('Performance max');
    expect(enumLabel('EXACT')).toBe('Exact');
  });

  it('says the change against the previous period in words, toned by which way is good', () => {
    expect(trendWords(1_200, 1_000, 'up')).toEqual({
      arrow: '▲',
      text: 'Up 20% vs previous period',
      tone: 'text-success',
    });
    expect(trendWords(1_200, 1_000, 'down').tone).toBe('text-danger');
    expect(trendWords(1_200, 1_000, null).tone).toBe('text-body-secondary');
    expect(trendWords(150, 300, 'down')).toEqual({
      arrow: '▼',
      text: 'Down 50% vs previous period',
      tone: 'text-success',
    });
    expect(trendWords(12, 0, 'up')).toEqual({
      arrow: '★',
      text: 'New: none in the previous period',
      tone: 'text-primary',
    });
    expect(trendWords(40, 40, 'up').text).toBe('No change vs previous period');
    expect(trendWords(null, 40, 'down')).toEqual({
      arrow: '',
      text: 'No comparison',
      tone: 'text-body-secondary',
    });
  });

  it('writes an ad schedule in one line, or says it runs at every hour', () => {
    expect(scheduleLine([])).toBe('All day, every day');
    expect(
      scheduleLine([
        { day: 'MONDAY', startHour: 8, startMinute: 0, endHour: 17, endMinute: 30 },
        { day: 'SATURDAY', startHour: 9, startMinute: 15, endHour: 13, endMinute: 0 },
      ]),
    ).toBe('Mon 08:00–17:30, Sat 09:15–13:00');
  });

  it('gives call lengths as minutes and seconds', () => {
    expect(formatSeconds(95)).toBe('1:35');
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(3_605)).toBe('60:05');
    expect(formatSeconds(null)).toBe('—');
  });

  it('loads remote images through our proxy only, and never over plain http', () => {
    const data = 'data:image/png;base64,iVBORw0KGgo=';
    expect(imageSource(data)).toBe(data);
    expect(imageSource('https://tpc.googlesyndication.com/simgad/1234?sz=300')).toBe(
      '/api/main/image/proxy?url=https%3A%2F%2Ftpc.googlesyndication.com%2Fsimgad%2F1234%3Fsz%3D300',
    );
    expect(imageSource('http://example.com/banner.png')).toBeNull();
  });

  it('shows an ad’s display URL as its host and first two path parts', () => {
    expect(
      displayUrl('https://www.brightair-austin.com/services/furnace-repair/fall?utm_source=g'),
    ).toBe('www.brightair-austin.com/services/furnace-repair');
    expect(displayUrl('https://brightair-austin.com/')).toBe('brightair-austin.com');
    expect(displayUrl('not a url')).toBeNull();
    expect(displayUrl(null)).toBeNull();
  });

  it('sizes files in bytes below a kilobyte, in whole kilobytes above', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(20_480)).toBe('20 KB');
    expect(formatFileSize(1_572_864)).toBe('1,536 KB');
  });
});

describe('the estimator’s input', () => {
  it('takes keywords by line or comma, trimmed, each once whatever its case', () => {
    expect(
      parseKeywords(
        'water heater repair, Emergency plumber\nwater heater repair\n\n emergency PLUMBER ,drain cleaning',
      ),
    ).toEqual(['water heater repair', 'Emergency plumber', 'drain cleaning']);
    expect(parseKeywords(' , \n')).toEqual([]);
  });

  it('reads dollars as typed into whole cents, or refuses them', () => {
    expect(dollarsToCents('1,500.50')).toBe(150_050);
    expect(dollarsToCents('$1500')).toBe(150_000);
    expect(dollarsToCents(' 12.5 ')).toBe(1_250);
    expect(dollarsToCents('0')).toBe(0);
    expect(dollarsToCents('12.345')).toBeNull();
    expect(dollarsToCents('-20')).toBeNull();
    expect(dollarsToCents('twenty')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
  });
});
