import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Bucket } from '@cardstack/shared/insights/periods';
import { useFormat } from '../../lib/i18n/format';
import { bucketTime, formatAxisBucket, formatBucket } from './insights-format';

interface InsightsChartProps {
  buckets: string[];
  bucket: Bucket;
  /** What the legend calls the x value ("Day", "Month"), and the two lines ("Views, this period"…). */
  bucketLabel: string;
  currentLabel: string;
  previousLabel: string;
  current: number[];
  previous: number[];
}

/** A tick or a hovered point of the x axis (a UTC midnight, in seconds) as its bucket: "2026-11-24" or "2026-11". */
const bucketAt = (seconds: number, bucket: Bucket) => new Date(seconds * 1000).toISOString().slice(0, bucket === 'day' ? 10 : 7);

/**
 * The period's line against the previous period's (dashed), drawn with uPlot on a canvas. The canvas is hidden
 * from assistive technology: the same numbers are in the table beside it. Dates and numbers are written in the
 * app's language; the axis counts in UTC, where each bucket's day starts (see insights-format).
 */
export function InsightsChart({ buckets, bucket, bucketLabel, currentLabel, previousLabel, current, previous }: InsightsChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const format = useFormat();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = () => Math.max(280, element.clientWidth);
    const count = (_chart: uPlot, value: number | null) => (value === null ? '—' : format.number(value));
    const chart = new uPlot(
      {
        width: width(),
        height: 260,
        scales: { x: { time: true } },
        // Ticks on UTC midnights, the buckets' own, whatever the browser's time zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        axes: [
          {
            stroke: '#3f3f46',
            grid: { stroke: '#e4e4e7' },
            space: 60,
            values: (_chart, ticks) => ticks.map((tick) => formatAxisBucket(bucketAt(tick, bucket), bucket, format)),
          },
          {
            stroke: '#3f3f46',
            grid: { stroke: '#e4e4e7' },
            values: (_chart, ticks) => ticks.map((tick) => format.number(tick)),
          },
        ],
        series: [
          { label: bucketLabel, value: (_chart, seconds) => (seconds === null ? '—' : formatBucket(bucketAt(seconds, bucket), bucket, format)) },
          { label: currentLabel, stroke: '#4338ca', width: 2, fill: 'rgba(67, 56, 202, 0.08)', value: count },
          { label: previousLabel, stroke: '#52525b', width: 1.5, dash: [6, 4], value: count },
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
  }, [buckets, bucket, bucketLabel, currentLabel, previousLabel, current, previous, format]);

  return <div ref={container} aria-hidden="true" className="w-full" data-testid="insights-chart" />;
}
