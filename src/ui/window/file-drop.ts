import type { DragEvent } from 'react';

/**
 * Event props that take files dropped on an element (issue 15): the drop is accepted only while files
 * are dragged, so dragged text or links keep the browser's own behaviour.
 */
export function fileDropProps(onDrop: ((files: File[]) => void) | undefined): { onDragOver?(e: DragEvent): void; onDrop?(e: DragEvent): void } {
  if (!onDrop) return {};
  return {
    onDragOver: (e) => e.dataTransfer.types.includes('Files') && e.preventDefault(),
    onDrop: (e) => {
      const files = [...e.dataTransfer.files];
      if (files.length === 0) return;
      e.preventDefault();
      onDrop(files);
    },
  };
}
