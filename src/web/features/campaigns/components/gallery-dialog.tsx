import type { RefObject } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

/** Every photo of a campaign in a dialog (loaded only when 'Show All Photos' is used). */
export function GalleryDialog({
  open,
  onOpenChange,
  title,
  images,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  images: string[];
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-4xl p-4 sm:p-6"
        closeLabel="Close photos"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        data-testid="gallery-dialog"
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{images.length === 1 ? '1 photo' : `${images.length} photos`}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3 sm:grid-cols-2">
          {images.map((src, index) => (
            <li key={src} className={images.length % 2 === 1 && index === 0 ? 'sm:col-span-2' : undefined}>
              <img
                src={src}
                alt={`${title} (${index + 1} of ${images.length})`}
                width={1200}
                height={900}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full rounded-xl bg-slate-200 object-cover"
              />
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
