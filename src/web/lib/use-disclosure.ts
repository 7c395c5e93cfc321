import { useId, useState } from 'react';

/**
 * A disclosure (the WAI-ARIA pattern): a button that shows and hides a panel, closed at first. Spread `toggle` on the
 * button (aria-expanded, aria-controls and the click that flips it) and give the panel the id `panelId`.
 */
export function useDisclosure() {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const toggle = { 'aria-expanded': open, 'aria-controls': panelId, onClick: () => setOpen((was) => !was) };
  return { open, panelId, toggle };
}
