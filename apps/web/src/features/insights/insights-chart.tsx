import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Bucket } from '@cardstack/shared/insights/periods';
import { bucketTime, formatAxisBucket } from './insights-format';

interface InsightsChartProps {
  buckets: string[];
  bucket: Bucket;
  label: string;
  current: number[];
  previous: number[];
}

/**
 * The period's line against the previous period's (dashed), drawn with uPlot on a canvas. The canvas is hidden
 * from assistive technology: the same numbers are in the table beside it.
 */
export function InsightsChart({ buckets, bucket, label, current, previous }: InsightsChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = () => Math.max(280, element.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: 260,
        scales: { x: { time: true } },
        axes: [
          {
            stroke: '#3f3f46',
            grid: { stroke: '#e4e4e7' },
            space: 60,
            values: (_u, ticks) => ticks.map((tick) => formatAxisBucket(new Date(tick * 1000).toISOString().slice(0, bucket === 'day' ? 10 : 7), bucket)),
          },
          { stroke: '#3f3f46', grid: { stroke: '#e4e4e7' } },
        ],
        series: [
          {},
          { label: `${label}, this period`, stroke: '#4338ca', width: 2, fill: 'rgba(67, 56, 202, 0.08)' },
          { label: `${label}, previous period`, stroke: '#52525b', width: 1.5, dash: [6, 4] },
        ],
        legend: { show: true },
      },
      [buckets.map(bucketTime), current, previous],
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: 260 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [buckets, bucket, label, current, previous]);

  return <div ref={container} aria-hidden="true" className="w-full" data-testid="insights-chart" />;
}
