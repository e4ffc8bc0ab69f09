import { useId } from 'react';
import { Select } from 'radix-ui';
import { useMessages } from '../../lib/i18n/messages';
import { uiMessages } from '../messages';

interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectListProps {
  label: string;
  value: string;
  options: SelectOption[];
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  error?: string | undefined;
}

/** An accessible, keyboard-usable select (Radix): arrows move, Enter picks, typing jumps. */
export function SelectList({ label, value, options, onValueChange, placeholder, disabled, error }: SelectListProps) {
  const t = useMessages(uiMessages);
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      <Select.Root value={value} onValueChange={onValueChange} disabled={disabled}>
        <Select.Trigger
          id={id}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          className="inline-flex items-center justify-between gap-2 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-start text-sm shadow-sm outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-zinc-100"
        >
          <Select.Value placeholder={placeholder ?? t('selectPlaceholder')} />
          <Select.Icon aria-hidden="true">▾</Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content position="popper" sideOffset={4} className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-lg">
            <Select.Viewport className="p-1">
              {options.map((option) => (
                <Select.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className="cursor-pointer rounded px-3 py-2 text-sm outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[state=checked]:font-semibold"
                >
                  <Select.ItemText>{option.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
