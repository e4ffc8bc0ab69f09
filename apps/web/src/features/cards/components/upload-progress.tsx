import { useFormat } from '../../../lib/i18n/format';

/** An upload's progress bar with its percentage, announced politely. */
export function UploadProgress({ label, fraction }: { label: string; fraction: number }) {
  const format = useFormat();
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex items-center gap-3" role="status">
      <progress aria-label={label} max={100} value={percent} className="h-2 w-48 overflow-hidden rounded accent-brand-600" />
      <span className="text-sm text-zinc-700">{format.number(percent / 100, { style: 'percent' })}</span>
    </div>
  );
}
