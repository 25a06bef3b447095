import { SALES_STAGE_LABELS, type SalesStage } from '@pinpoint/contracts';

/** Bootstrap colours per stage; text colours chosen for contrast on each background. */
const STAGE_CLASSES: Record<SalesStage, string> = {
  prospecting: 'text-bg-secondary',
  shared: 'text-bg-info',
  won: 'text-bg-success',
  lost: 'text-bg-dark',
};

/** A workspace's stage in words, as a badge. */
export function StageBadge({ stage }: { stage: SalesStage }) {
  return (
    <span className={`badge ${STAGE_CLASSES[stage]}`} data-testid="sales-stage">
      {SALES_STAGE_LABELS[stage]}
    </span>
  );
}
