/**
 * Byte cost of the built widget: which files a host page loads eagerly (the entry and its static
 * imports) and which arrive after interaction (dynamic imports), measured raw, gzip and brotli.
 * Rollup leaves chunks of older builds in dist/chunks, so files are found by following imports from
 * the entry, never by listing the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The imports of one built ES module. */
export interface ModuleImports {
  static: string[];
  dynamic: string[];
}

/** Raw, gzip (level 9) and brotli (quality 11) bytes; compressed per file, as each is its own response. */
export interface ByteSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

// Rollup's ES output writes relative specifiers in double quotes: `from"./x.js"`, `import"./x.js"`,
// `import("./x.js")`. Only relative .js specifiers are followed; bare ones would be externals.
const STATIC_RE = /(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+\.js)["']/g;
const DYNAMIC_RE = /\bimport\s*\(\s*["'](\.\.?\/[^"']+\.js)["']\s*\)/g;

/** Relative imports of an ES module's source, split into static and dynamic ones (as written). */
export function parseImports(source: string): ModuleImports {
  const dynamic = [...source.matchAll(DYNAMIC_RE)].map((m) => m[1] as string);
  const withoutDynamic = source.replace(DYNAMIC_RE, '');
  const stat = [...withoutDynamic.matchAll(STATIC_RE)].map((m) => m[1] as string);
  return { static: [...new Set(stat)], dynamic: [...new Set(dynamic)] };
}

/** What {@link closure} follows. */
export interface ClosureOptions {
  /** Follow `import()` too (the full widget) or only static imports (the eager part). */
  followDynamic: boolean;
  /** Dynamic targets to leave out (for example the catalogues of other languages). */
  skip?: (file: string) => boolean;
}

/** Every file reachable from `entry` (absolute paths, entry first). Throws when an import is missing. */
export function closure(entry: string, options: ClosureOptions): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    if (!fs.existsSync(file)) throw new Error(`${path.basename(file)} is imported but missing: rebuild with \`npm run build\``);
    seen.add(file);
    const imports = parseImports(fs.readFileSync(file, 'utf8'));
    const dir = path.dirname(file);
    for (const spec of imports.static) visit(path.resolve(dir, spec));
    if (!options.followDynamic) return;
    for (const spec of imports.dynamic) {
      const target = path.resolve(dir, spec);
      if (!options.skip?.(target)) visit(target);
    }
  };
  visit(path.resolve(entry));
  return [...seen];
}

/** Byte sizes of one buffer. */
export function bytesOf(content: Buffer): ByteSizes {
  return {
    raw: content.length,
    gzip: zlib.gzipSync(content, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).length,
  };
}

/** Summed sizes of several files or buffers. */
export function totalBytes(contents: readonly Buffer[]): ByteSizes {
  const total: ByteSizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const c of contents) {
    const s = bytesOf(c);
    total.raw += s.raw;
    total.gzip += s.gzip;
    total.brotli += s.brotli;
  }
  return total;
}

/** The languages of locales/ other than `keep`: their catalogue chunks are fetched only for those visitors. */
export function otherLanguageChunk(localesDir: string, keep = 'en'): (file: string) => boolean {
  const langs = fs
    .readdirSync(localesDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter((l) => l !== keep);
  return (file) => langs.some((l) => new RegExp(`^${l.replace(/[^A-Za-z0-9_-]/g, '')}-[A-Za-z0-9_-]+\\.js$`).test(path.basename(file)));
}

/** The name rollup gave a built chunk (`chunks/<name>-<hash>.js`, the hash 8 characters). */
export function chunkName(file: string): string {
  return path.basename(file).replace(/-[A-Za-z0-9_-]{8}\.js$/, '');
}

/** Eager, chat and full byte cost of the built `<live-chat>` script for an English visitor. */
export interface WidgetBytes {
  eager: { files: string[]; bytes: ByteSizes };
  chat: { files: string[]; bytes: ByteSizes };
  full: { files: string[]; bytes: ByteSizes };
}

/**
 * Measures dist/live-chat.js: eager = static closure; chat = eager plus the static closures of the
 * loader's dynamic imports other than the chunks named in `onDemand` (what opens the chat); full =
 * everything an English visitor can load.
 */
export function widgetBytes(rootDir: string, onDemand: readonly string[] = []): WidgetBytes {
  const entry = path.join(rootDir, 'dist', 'live-chat.js');
  const otherLanguage = otherLanguageChunk(path.join(rootDir, 'locales'));
  const eager = closure(entry, { followDynamic: false });
  const opening = parseImports(fs.readFileSync(entry, 'utf8'))
    .dynamic.map((spec) => path.resolve(path.dirname(entry), spec))
    .filter((f) => !otherLanguage(f) && !onDemand.includes(chunkName(f)));
  const chat = [...new Set([...eager, ...opening.flatMap((f) => closure(f, { followDynamic: false }))])];
  const full = closure(entry, { followDynamic: true, skip: otherLanguage });
  const read = (files: string[]): Buffer[] => files.map((f) => fs.readFileSync(f));
  const rel = (files: string[]): string[] => files.map((f) => path.relative(path.join(rootDir, 'dist'), f));
  return {
    eager: { files: rel(eager), bytes: totalBytes(read(eager)) },
    chat: { files: rel(chat), bytes: totalBytes(read(chat)) },
    full: { files: rel(full), bytes: totalBytes(read(full)) },
  };
}
