import { type RefObject, useEffect, useState } from 'react';
import type uPlot from 'uplot';

/** What a chart draws: uPlot's options (without the size, which the container gives) and data. */
export interface PlotSpec {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}

/**
 * Draws a uPlot chart into `container`, loading uPlot and its CSS on the first draw, so the
 * library only ever sits in a lazily loaded chunk, never in a page's first download. The
 * chart follows the container's width, is redrawn when `spec` changes (memoise it) and is
 * destroyed on unmount. `null` draws nothing. Returns whether drawing failed, for
 * `ChartWithData` to show the table instead.
 */
export function useLazyUplot(
  container: RefObject<HTMLDivElement | null>,
  height: number,
  spec: PlotSpec | null,
): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element || !spec) return;
    let cancelled = false;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    const width = () => Math.max(240, element.clientWidth);
    (async () => {
      const [{ default: UPlot }] = await Promise.all([
        import('uplot'),
        import('uplot/dist/uPlot.min.css'),
      ]);
      if (cancelled) return;
      plot = new UPlot({ ...spec.options, width: width(), height }, spec.data, element);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => plot?.setSize({ width: width(), height }));
        observer.observe(element);
      }
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [container, height, spec]);
  return failed;
}
