import { useLayoutEffect, useRef } from 'react';

/**
 * For a dialog opened without a Radix Trigger: remembers what had focus when it opened and gives it focus back when
 * it closes (Radix would otherwise leave focus on the page body). Pass the result as `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const target = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open && active instanceof HTMLElement && active !== document.body) target.current = active;
  }, [open]);
  return (event: Event) => {
    const element = target.current;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
}
