import { lazy, Suspense, useState } from 'react';
import type * as CustomizeItemDialogModule from './customize-item-dialog.tsx';
import type { CustomizeItemDialogProps } from './customize-item-dialog.tsx';

/*
 * The customisation dialog (Radix Dialog, the options form, the quantity stepper, pricing) is not
 * on the home route's first download (docs/decisions/0010): it arrives when a customer first
 * chooses an item with option groups, or just before, when they point at or focus such an item.
 */
let download: Promise<typeof CustomizeItemDialogModule> | null = null;
let downloaded = false;

/** True once the dialog's code is here: choosing an item then opens it at once. */
export function isCustomizeItemDialogLoaded(): boolean {
  return downloaded;
}

/** Starts the dialog's download, or joins the one under way; a failed download is retried next time. */
export function loadCustomizeItemDialog() {
  download ??= import('./customize-item-dialog.tsx').then(
    (module) => {
      downloaded = true;
      return module;
    },
    (error: unknown) => {
      download = null;
      throw error;
    },
  );
  return download;
}

/** Pointer over or focus on an item with options: fetch the dialog before the click. */
export function preloadCustomizeItemDialog(): void {
  loadCustomizeItemDialog().catch(() => {
    // Choosing the item tries again and tells the customer if it still fails.
  });
}

const CustomizeItemDialog = lazy(() => loadCustomizeItemDialog().then((m) => ({ default: m.CustomizeItemDialog })));

/**
 * Mounts the dialog once an item is first chosen and keeps it mounted, so closing it runs Radix's
 * focus return to the item's button. useChooseMenuItem only sets `item` after the download.
 */
export function LazyCustomizeItemDialog({ item, onClose }: CustomizeItemDialogProps) {
  const [requested, setRequested] = useState(false);
  if (item && !requested) setRequested(true);
  if (!requested && !item) return null;
  return (
    <Suspense fallback={null}>
      <CustomizeItemDialog item={item} onClose={onClose} />
    </Suspense>
  );
}
