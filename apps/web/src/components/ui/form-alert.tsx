import { useValidationText } from '../../lib/validation-messages';

/**
 * A form's message that belongs to no single field, announced at once; nothing when there is none. A shared
 * schema's (keyed) message is shown in the app's language, any other as it is.
 */
export function FormAlert({ message }: { message: string | undefined }) {
  const text = useValidationText()(message);
  if (!text) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {text}
    </div>
  );
}
