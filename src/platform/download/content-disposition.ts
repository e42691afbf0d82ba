/**
 * Splits the parameters of a header such as `attachment; filename="a;b.txt"; filename*=UTF-8''a%3Bb.txt`
 * into lower-cased names and unquoted values. One pass, no regular expression: a quoted value may hold
 * `;` and backslash escapes.
 */
function parameters(header: string): Map<string, string> {
  const params = new Map<string, string>();
  let i = 0;
  const n = header.length;
  while (i < n) {
    let name = '';
    while (i < n && header[i] !== '=' && header[i] !== ';') name += header[i++];
    name = name.trim().toLowerCase();
    if (header[i] !== '=') {
      i += 1;
      continue;
    }
    i += 1;
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i += 1;
    let value = '';
    if (header[i] === '"') {
      i += 1;
      while (i < n && header[i] !== '"') {
        if (header[i] === '\\' && i + 1 < n) i += 1;
        value += header[i++];
      }
      while (i < n && header[i] !== ';') i += 1;
    } else {
      while (i < n && header[i] !== ';') value += header[i++];
      value = value.trim();
    }
    i += 1;
    if (name && !params.has(name)) params.set(name, value);
  }
  return params;
}

/** Decodes an RFC 5987 `charset'language'percent-encoded` value; `undefined` if malformed. */
function extendedValue(value: string): string | undefined {
  const first = value.indexOf("'");
  const second = first < 0 ? -1 : value.indexOf("'", first + 1);
  if (second < 0) return undefined;
  const charset = value.slice(0, first).toLowerCase();
  const encoded = value.slice(second + 1);
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return undefined;
  }
  return undefined;
}

/** Keeps only the last path segment and drops control characters: a filename must not name a folder. */
function safeName(name: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const base = name.split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '' || base === '.' || base === '..' ? undefined : base;
}

/**
 * The filename a `Content-Disposition` header names: RFC 6266 `filename*=` (UTF-8 or ISO-8859-1) wins over
 * `filename=`; `undefined` when there is none.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const params = parameters(header);
  const extended = params.get('filename*');
  const decoded = extended === undefined ? undefined : extendedValue(extended);
  const name = decoded ?? params.get('filename');
  return name === undefined ? undefined : safeName(name);
}
