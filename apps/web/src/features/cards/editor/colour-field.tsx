import { useFormContext, useWatch } from 'react-hook-form';
import { isHexColour, normaliseHexColour } from '@cardstack/shared/cards/hex-colour';
import { InputField } from '../../../components/ui/input-field';
import type { CardEditorValues } from './card-form';

type ThemeField = 'theme.backgroundColor' | 'theme.foregroundColor' | 'theme.labelColor';

/** The native colour picker only speaks #rrggbb; the text field takes every form the hex rule allows. */
function toPickerValue(value: string | undefined): string {
  if (!value || !isHexColour(value)) return '#000000';
  const digits = normaliseHexColour(value).slice(1);
  if (digits.length === 3 || digits.length === 4) return `#${[...digits.slice(0, 3)].map((digit) => digit + digit).join('')}`;
  return `#${digits.slice(0, 6)}`;
}

/** A colour as a text field with a native picker beside it; `pickerLabel` names the picker ("Background colour picker"). */
export function ColourField({ name, label, pickerLabel }: { name: ThemeField; label: string; pickerLabel: string }) {
  const { register, setValue, getFieldState, formState } = useFormContext<CardEditorValues>();
  const value = useWatch<CardEditorValues, ThemeField>({ name });
  const error = getFieldState(name, formState).error?.message;
  return (
    <div className="flex items-start gap-3">
      <input
        type="color"
        aria-label={pickerLabel}
        value={toPickerValue(value)}
        onChange={(event) => setValue(name, event.target.value, { shouldDirty: true, shouldValidate: true })}
        className="mt-6 h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-zinc-300 bg-white p-1"
      />
      <InputField className="min-w-0 flex-1" label={label} spellCheck={false} autoComplete="off" error={error} {...register(name)} />
    </div>
  );
}
