import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { useMessages } from '../../../lib/i18n/messages';
import type { CardEditorValues } from './card-form';
import { editorMessages } from './messages';

type ListName = 'emails' | 'phones' | 'addresses';

/** The further emails, phones or addresses beside the main one (at most 10 each, as the server allows). */
export function StringListField({
  name,
  itemLabel,
  removeLabel,
  addLabel,
  type = 'text',
  autoComplete,
}: {
  name: ListName;
  /** The field of the item numbered `number` (from 1): "Additional email 2". */
  itemLabel: (number: number) => string;
  /** Its remove button's name: "Remove additional email 2". */
  removeLabel: (number: number) => string;
  addLabel: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
}) {
  const t = useMessages(editorMessages);
  const { setValue, trigger, getFieldState, formState } = useFormContext<CardEditorValues>();
  const items = useWatch<CardEditorValues, ListName>({ name }) ?? [];
  const listState = getFieldState(name, formState);
  // Re-check while typing only once the list has shown an error or the form was submitted, like the other fields.
  const options = { shouldDirty: true, shouldValidate: listState.error !== undefined || formState.submitCount > 0 };

  return (
    <div className="flex flex-col gap-3">
      {items.map((item, index) => (
        <div key={index} className="flex items-start gap-2">
          <InputField
            className="flex-1"
            label={itemLabel(index + 1)}
            type={type}
            autoComplete={autoComplete}
            value={item}
            error={getFieldState(`${name}.${index}`, formState).error?.message}
            onChange={(event) => setValue(`${name}.${index}`, event.target.value, options)}
            onBlur={() => void trigger(`${name}.${index}`)}
          />
          <Button
            variant="ghost"
            className="mt-6"
            aria-label={removeLabel(index + 1)}
            onClick={() => setValue(name, items.filter((_, other) => other !== index), options)}
          >
            {t('remove')}
          </Button>
        </div>
      ))}
      {items.length < 10 ? (
        <Button variant="secondary" className="self-start" onClick={() => setValue(name, [...items, ''], { shouldDirty: true })}>
          {addLabel}
        </Button>
      ) : null}
    </div>
  );
}
