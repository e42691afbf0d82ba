import { useEffect, useState } from 'react';
import { DataUrlError, toDisplayableUrl } from '../../platform/text/data-url.js';
import { safeUrl } from '../shared/safe-url.js';

const DATA_URL = /^data:[^,]*,/i;

/** Whether `url` is a data URL (only its head is looked at: such URLs can be megabytes long). */
export function isDataUrl(url: string): boolean {
  return DATA_URL.test(url.slice(0, 512));
}

/**
 * The address an attachment can be shown or downloaded from: an http(s) URL as it is; a data URL as it is
 * when small, else as an object URL freed when no longer shown (SPEC.md §9: data URLs over about 2 MB are
 * converted to blobs). Undefined for anything else, for a malformed data URL, and while a data URL is
 * being prepared (the object URL is made in an effect so that its release always pairs with it).
 */
export function useDisplayableUrl(url: string): string | undefined {
  const data = isDataUrl(url);
  const [shown, setShown] = useState<{ from: string; url: string | undefined } | null>(null);
  useEffect(() => {
    if (!data) return undefined;
    let displayable: ReturnType<typeof toDisplayableUrl>;
    try {
      displayable = toDisplayableUrl(url);
    } catch (error) {
      if (!(error instanceof DataUrlError)) throw error;
      setShown({ from: url, url: undefined });
      return undefined;
    }
    setShown({ from: url, url: displayable.url });
    return displayable.release;
  }, [url, data]);
  if (!data) return safeUrl(url);
  return shown?.from === url ? shown.url : undefined;
}
