import { encodeId } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { buildErrorReport, errorLocation } from './error-report';

const where = (pathname: string, hash = '', host = 'app.pinpoint.example') => ({
  host,
  pathname,
  hash,
  userAgent: 'Chrome 156',
});

describe('error reports', () => {
  it('normalise a product page to /Products/{product}/{id}, decoding the id', () => {
    const id = encodeId(4711);
    expect(
      errorLocation({
        pathname: `/dashboard/products/google-business-pro/${id}/reviews`,
        hash: '',
      }),
    ).toEqual({
      page: '/Products/google-business-pro/4711',
      productId: '4711',
    });
  });

  it('read a legacy hash route, whose third segment is the encoded product id', () => {
    const id = encodeId(12);
    expect(
      errorLocation({ pathname: '/', hash: `#/dashboard/products/google-ads/${id}?x=1` }),
    ).toEqual({
      page: '/Products/google-ads/12',
      productId: '12',
    });
  });

  it('keep other pages as they are, and a malformed id unnormalised', () => {
    expect(errorLocation({ pathname: '/dashboard/billing', hash: '' })).toEqual({
      page: '/dashboard/billing',
    });
    expect(errorLocation({ pathname: '/dashboard/products/google-ads/42', hash: '' })).toEqual({
      page: '/dashboard/products/google-ads/42',
    });
  });

  it('are made only on the production host', () => {
    const error = { message: 'boom', stack: 'Error: boom\n    at x' };
    expect(buildErrorReport(error, where('/dashboard/billing'), null)).toBeNull();
    expect(
      buildErrorReport(
        error,
        where('/dashboard/billing', '', 'localhost:3000'),
        'app.pinpoint.example',
      ),
    ).toBeNull();
    expect(buildErrorReport(error, where('/dashboard/billing'), 'app.pinpoint.example')).toEqual({
      message: 'boom',
      page: '/dashboard/billing',
      stack: 'Error: boom\n    at x',
      productId: undefined,
      browser: 'Chrome 156',
    });
  });
});
