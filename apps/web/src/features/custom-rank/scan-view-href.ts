import { encodeId } from '@pinpoint/contracts';
import { useCallback, useMemo } from 'react';

/**
 * A scan id → link function for a view path (`paths.x.href(encoded)`), one encoding per id so
 * a link does not change on every render.
 */
export function useEncodedScanHref(href: (encodedScanId: string) => string) {
  const encoded = useMemo(() => new Map<number, string>(), []);
  return useCallback(
    (scanId: number) => {
      let id = encoded.get(scanId);
      if (!id) {
        id = encodeId(scanId);
        encoded.set(scanId, id);
      }
      return href(id);
    },
    [encoded, href],
  );
}
