import type { ComponentProps } from 'react';

/** Read by screen readers, invisible on screen. */
export function VisuallyHidden(props: ComponentProps<'span'>) {
  return <span className="sr-only" {...props} />;
}
