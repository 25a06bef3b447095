import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('RFC 4180 CSV', () => {
  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
  });

  it('writes numbers as numbers, negative ones included, and leaves non-finite ones empty', () => {
    expect(csvField(-1.25)).toBe('-1.25');
    expect(csvField(0)).toBe('0');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@sum')).toBe("'@sum");
  });

  it('ends every record, the header included, with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [null, 'z'],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n,z\r\n');
  });
});
