import type { ViewerAttachment } from './viewable.js';

/**
 * Saves an attachment through the browser's download manager. The chat server answers
 * `?download=true` with `Content-Disposition: attachment`, which also works across origins where the
 * `download` attribute is ignored; a new browsing context keeps the host page in place for links that
 * are not files (URL-type attachments).
 */
export function downloadAttachment(attachment: ViewerAttachment, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = attachment.url;
  link.download = attachment.name || 'unnamed';
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
}

/**
 * Prints an image: it opens in a new window of its own, as the reference viewer does, so that only the
 * image is printed and not the host page. Built with DOM calls, never markup strings, since the URL and
 * the name come from the server. Answers the window, or null when a popup blocker refused it.
 */
export function printImage(url: string, name: string, win: Window = window): Window | null {
  const popup = win.open('', '_blank');
  if (!popup) return null;
  const doc = popup.document;
  doc.title = name;
  const image = doc.createElement('img');
  image.alt = name;
  image.style.maxWidth = '100%';
  image.addEventListener('load', () => {
    popup.focus();
    popup.print();
  });
  image.src = url;
  doc.body.append(image);
  return popup;
}
