import { RankGifPanel } from '../../features/rank-gif/rank-gif-panel';
import { ShareScanPanel } from '../../features/rank-share/share-scan-panel';

/** A finished scan's share link and GIF: what every scan view page offers under its exports. */
export function scanSharing(scanId: number) {
  return (
    <>
      <ShareScanPanel scanId={scanId} />
      <RankGifPanel scanId={scanId} />
    </>
  );
}
