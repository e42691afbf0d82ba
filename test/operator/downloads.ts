/** The files the page offered for download, read back as text, a byte order mark kept (Blob.text() drops it). */
export function captureDownloads(): { files: { name: string; text: Promise<string> }[]; restore(): void } {
  const files: { name: string; text: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  const create = URL.createObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) files.push({ name: this.download, text: blob.arrayBuffer().then((b) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b)) });
  };
  return {
    files,
    restore() {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}
