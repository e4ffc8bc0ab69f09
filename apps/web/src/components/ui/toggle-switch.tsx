import { useId } from 'react';
import { Switch } from 'radix-ui';

interface ToggleSwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  description?: string;
}

export function ToggleSwitch({ label, checked, onCheckedChange, disabled, description }: ToggleSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-50 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[22px]" />
      </Switch.Root>
      <label htmlFor={id} className="text-sm text-zinc-800">
        {label}
        {description ? <span className="block text-xs text-zinc-600">{description}</span> : null}
      </label>
    </div>
  );
}
