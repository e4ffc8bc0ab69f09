import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonVariant } from './button-class';
import { Spinner } from './spinner';

export { buttonClass } from './button-class';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  isLoading?: boolean;
}

export function Button({ variant = 'primary', isLoading = false, className = '', children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || isLoading} aria-busy={isLoading || undefined} {...rest}>
      {isLoading ? <Spinner className="h-4 w-4" label="Working" /> : null}
      {children}
    </button>
  );
}
