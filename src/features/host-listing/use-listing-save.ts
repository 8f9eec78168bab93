import { useState } from 'react';

type SaveTask = (files: readonly File[], onProgress: (fraction: number) => void) => Promise<void>;

/**
 * Saving a listing form with photos: the photos picked and not uploaded yet, whether a save runs, and
 * the upload's progress (null when there is nothing to upload). `photoDrafts` are PhotoDraftsField's
 * props for the picked photos.
 */
export function useListingSave() {
  const [files, setFiles] = useState<File[]>([]);
  const [isSaving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  async function whileSaving(task: SaveTask): Promise<void> {
    setSaving(true);
    setProgress(files.length ? 0 : null);
    try {
      await task(files, setProgress);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }

  return { isSaving, whileSaving, photoDrafts: { pending: files, onPendingChange: setFiles, progress, isDisabled: isSaving } };
}
