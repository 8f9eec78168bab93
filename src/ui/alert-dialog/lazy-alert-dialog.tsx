import { lazy } from 'react';
import { MountWhenOpened } from '../dialog/mount-when-opened.tsx';
import type { AlertDialogProps } from './alert-dialog.tsx';

const AlertDialog = lazy(() => import('./alert-dialog.tsx').then((module) => ({ default: module.AlertDialog })));

/** AlertDialog whose code loads when it is first opened (for pages that should paint without it). */
export function LazyAlertDialog(props: AlertDialogProps) {
  return (
    <MountWhenOpened isOpen={props.isOpen ?? false}>
      <AlertDialog {...props} />
    </MountWhenOpened>
  );
}
