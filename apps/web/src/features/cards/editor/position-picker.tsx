import { useFormContext, useWatch } from 'react-hook-form';
import type { ImagePosition } from '@cardstack/shared/cards/images';
import { useMessages } from '../../../lib/i18n/messages';
import type { CardEditorValues } from './card-form';
import { editorMessages, type EditorMessageId } from './messages';

/** The nine image positions laid out as the part of the image they keep in view. */
const grid: { value: ImagePosition; labelId: EditorMessageId }[] = [
  { value: 'object-left-top', labelId: 'positionTopLeft' },
  { value: 'object-top', labelId: 'positionTop' },
  { value: 'object-right-top', labelId: 'positionTopRight' },
  { value: 'object-left', labelId: 'positionLeft' },
  { value: 'object-center', labelId: 'positionCenter' },
  { value: 'object-right', labelId: 'positionRight' },
  { value: 'object-left-bottom', labelId: 'positionBottomLeft' },
  { value: 'object-bottom', labelId: 'positionBottom' },
  { value: 'object-right-bottom', labelId: 'positionBottomRight' },
];

export function PositionPicker({ name, legend }: { name: 'coverImage.position' | 'profilePicture.position'; legend: string }) {
  const t = useMessages(editorMessages);
  const { register } = useFormContext<CardEditorValues>();
  const value = useWatch<CardEditorValues, typeof name>({ name });
  const selected = grid.find((cell) => cell.value === value);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800">{legend}</legend>
      <div className="mt-2 flex items-center gap-4">
        {/* Left and right of the image, not of the text: the grid keeps its physical order in right-to-left languages. */}
        <div dir="ltr" className="grid w-fit grid-cols-3 gap-1 rounded-lg bg-zinc-100 p-1">
          {grid.map((cell) => (
            <label
              key={cell.value}
              title={t(cell.labelId)}
              className="relative flex h-9 w-9 items-center justify-center rounded-md bg-white ring-1 ring-zinc-300 has-[:checked]:bg-brand-600 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
            >
              {/* The radio covers its cell, invisible: the cell is what people see and click. */}
              <input type="radio" value={cell.value} className="peer absolute inset-0 m-0 cursor-pointer appearance-none opacity-0" {...register(name)} />
              <span aria-hidden="true" className="pointer-events-none h-2 w-2 rounded-full bg-zinc-400 peer-checked:bg-white" />
              <span className="sr-only">{t(cell.labelId)}</span>
            </label>
          ))}
        </div>
        <p className="text-sm text-zinc-700" aria-hidden="true">
          {selected ? t(selected.labelId) : ''}
        </p>
      </div>
    </fieldset>
  );
}
