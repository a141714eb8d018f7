import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
  fieldClassName?: string;
}

/** A labelled text input with its hint and error linked by aria-describedby. */
export function TextField({ label, error, hint, id, required, fieldClassName, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} required={required} className={fieldClassName}>
      {(control) => <Input {...inputProps} {...control} required={required} />}
    </FormField>
  );
}
