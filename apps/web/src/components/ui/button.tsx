import type { ButtonHTMLAttributes } from 'react';
import { useMessages } from '../../lib/i18n/messages';
import { uiMessages } from '../messages';
import { buttonClass, type ButtonVariant } from './button-class';
import { Spinner } from './spinner';

export { buttonClass } from './button-class';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  isLoading?: boolean;
}

export function Button({ variant = 'primary', isLoading = false, className = '', children, disabled, type = 'button', ...rest }: ButtonProps) {
  // Read on every render, not only while busy: a button that turns busy must not wait for its catalog then.
  const t = useMessages(uiMessages);
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || isLoading} aria-busy={isLoading || undefined} {...rest}>
      {isLoading ? <Spinner className="h-4 w-4" label={t('working')} /> : null}
      {children}
    </button>
  );
}
