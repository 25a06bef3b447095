import { type ReactNode, type RefObject, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ScrollingTable } from './scrolling-table';

/**
 * A chart's drawing and its data: the drawing (into `container`, by the caller's chart
 * library) is hidden from screen readers, and "Show data" opens the same numbers as a
 * table. When the drawing failed, the table is simply shown.
 */
export function ChartWithData({
  id,
  title,
  container,
  height,
  failed,
  table,
}: {
  id: string;
  /** Names the table ("{title}: data"). */
  title: string;
  container: RefObject<HTMLDivElement | null>;
  height: number;
  failed: boolean;
  /** The table's `thead` and `tbody`. */
  table: ReactNode;
}) {
  const [showData, setShowData] = useState(false);
  return (
    <>
      <div ref={container} aria-hidden="true" style={{ minHeight: failed ? 0 : height }} />
      {failed && (
        <p className="small text-body-secondary">
          The chart could not be drawn here; the data is in the table.
        </p>
      )}
      <Button
        variant="link"
        size="sm"
        className="px-0"
        aria-expanded={showData || failed}
        aria-controls={`${id}-data`}
        onClick={() => setShowData((shown) => !shown)}
        hidden={failed}
      >
        {showData ? 'Hide data' : 'Show data'}
      </Button>
      <div id={`${id}-data`} hidden={!showData && !failed}>
        <ScrollingTable label={`${title}: data`}>
          <Table size="sm" aria-label={`${title}: data`}>
            {table}
          </Table>
        </ScrollingTable>
      </div>
    </>
  );
}
