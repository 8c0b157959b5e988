// The font registry: which faces exist (the bundled Noto Sans family, the script, symbol and
// CJK fallback fonts, the built-in Arimo, Tinos and Cousine behind Helvetica/Arial, Times and
// Courier and the serif and monospace generics, plus @font-face faces a document adds), CSS
// font matching over them, and itemization with per-character fallback.

import { AsyncLocalStorage } from 'node:async_hooks';
import type * as fontkit from 'fontkit';
import { CJK_FONTS, CJK_GENERIC_NAMES, CJK_WEIGHTS, cjkFontsFor, hanPreference } from './bundled-cjk.js';
import { FALLBACK_FONTS } from './bundled-fallback-fonts.js';
import { BUNDLED_FACES, DEFAULT_FAMILY, markBundledProgram, readBundledFont, type BundledFace } from './bundled-fonts.js';
import { METRIC_FAMILIES, METRIC_STYLES, METRIC_WEIGHTS, metricFaces, metricPackageDirectory } from './bundled-metric-fonts.js';
import { FallbackChain, UnicodeRangeFaces, candidatePrimary, itemizeText, type FaceCandidate } from './font-fallback.js';
import type { WebFontFace } from './font-face-rules.js';
import { UnicodeRangeIndex, type CodePointRange } from './unicode-range.js';
import { checkFontProgram } from './font-check.js';
import { FontkitFace, fontDataDigest, parseFontProgram, type FaceDescriptors } from './font-face.js';
import { selectFace } from './font-matching.js';
import type { FontFace, FontQuery, FontRun } from './types.js';

/**
 * Where a family stands when a character needs fallback (spec pdf-generation.md §4.3 rule 1,
 * §4.4 rule 1: after the document's own families come Noto Sans, then the Noto fonts for the
 * other scripts, the CJK fonts last): 'any' in registration order (Noto Sans first, then the
 * document's other @font-face families), then 'script' (Arabic … Emoji), then 'cjk' in the
 * order of the text's language; 'never' families (the built-in Arimo, Tinos and Cousine) are
 * used only when asked for by name.
 */
type FallbackRole = 'any' | 'script' | 'cjk' | 'never';

/** A registered face (or set of unicode-range faces) whose files are parsed on first use. */
interface RegisteredFace {
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic';
  readonly fallback: FallbackRole;
  load(): FaceCandidate;
}

/**
 * Names that map to the default family: the CSS generic families (CSS Fonts 4 §4.2) that have
 * no faces of their own. (serif and monospace are Tinos and Cousine, math and emoji Noto Sans
 * Math and Noto Emoji, in FAMILY_ALIASES.)
 */
const DEFAULT_FAMILY_ALIASES: ReadonlySet<string> = new Set([
  'sans-serif', 'system-ui', 'cursive', 'fantasy', 'fangsong', 'ui-sans-serif', 'ui-rounded',
]);

/**
 * Other names of registered families (lowercased) → the family's own name: the CJK fonts'
 * names, math → Noto Sans Math, emoji → Noto Emoji, Helvetica/Arial → Arimo, Times New
 * Roman/Times/serif → Tinos, Courier/Courier New/monospace → Cousine. An alias whose family
 * has no faces (its package is missing) uses the default family.
 */
const FAMILY_ALIASES: ReadonlyMap<string, string> = new Map([
  ...CJK_FONTS.flatMap((font) => font.spec.aliases.map((alias) => [alias, font.family] as const)),
  ...FALLBACK_FONTS.flatMap((font) => (font.spec.aliases ?? []).map((alias) => [alias, font.family] as const)),
  ...METRIC_FAMILIES.flatMap((f) => f.aliases.map((alias) => [alias, f.family] as const)),
]);

/**
 * True for a family name the engine has faces for without any @font-face rule (compared
 * case-insensitively): the bundled and built-in families, their other names, and the generic
 * families. The resources stage asks a font provider only for names that are not.
 */
export function isBuiltInFamily(name: string): boolean {
  const key = familyKey(name);
  return (
    key === familyKey(DEFAULT_FAMILY) ||
    CJK_FONTS.some((font) => familyKey(font.family) === key) ||
    CJK_GENERIC_NAMES.includes(key) ||
    FALLBACK_FONTS.some((font) => familyKey(font.family) === key) ||
    FAMILY_ALIASES.has(key) ||
    DEFAULT_FAMILY_ALIASES.has(key) ||
    METRIC_FAMILIES.some((f) => familyKey(f.family) === key)
  );
}

/** The registry of the render in progress (see FontRegistry.current). */
const documentFonts = new AsyncLocalStorage<FontRegistry>();

// Caches keyed by query; cleared when they grow past this (a document uses a few dozen).
const QUERY_CACHE_LIMIT = 512;

/** Registered font faces, matched by CSS rules. One shared instance holds the bundled faces. */
export class FontRegistry {
  private static shared: FontRegistry | undefined;
  private readonly families: Map<string, RegisteredFace[]>;
  private readonly matched = new Map<string, FontFace>();
  private readonly chains = new Map<string, FallbackChain>();
  // Layout asks again and again with the same query object (style-font.ts memoizes them per
  // computed style): answer those without building the string key.
  private matchedByQuery = new WeakMap<FontQuery, FontFace>();
  private chainsByQuery = new WeakMap<FontQuery, FallbackChain>();

  private constructor(families: Map<string, RegisteredFace[]>) {
    this.families = families;
  }

  /**
   * The registry of the document being laid out: the one `withFonts` runs layout with (a
   * document's @font-face faces), else the default. Concurrent renders each see their own.
   */
  static current(): FontRegistry {
    return documentFonts.getStore() ?? FontRegistry.default();
  }

  /** Runs `work` (and everything it awaits) with `registry` as the current registry. */
  static withFonts<T>(registry: FontRegistry, work: () => T): T {
    return documentFonts.run(registry, work);
  }

  /** The process-wide registry of the bundled faces (each file parsed once, on first use). */
  static default(): FontRegistry {
    FontRegistry.shared ??= FontRegistry.withBundledFaces();
    return FontRegistry.shared;
  }

  /** A registry with no faces (for tests and for callers that bring all their own fonts). */
  static empty(): FontRegistry {
    return new FontRegistry(new Map());
  }

  /** A copy that shares the already-parsed faces; add a document's @font-face faces to it. */
  fork(): FontRegistry {
    const families = new Map<string, RegisteredFace[]>();
    for (const [key, faces] of this.families) families.set(key, [...faces]);
    return new FontRegistry(families);
  }

  /** Registers a font file under @font-face descriptors; returns the face (parsed now). */
  addFace(data: Uint8Array, descriptors: FaceDescriptors): FontFace {
    const digest = fontDataDigest(data);
    const program = parsedProgram(digest, data);
    const id = `${program.postscriptName ?? 'Font'}#${digest}`;
    const face = new FontkitFace(program, data, descriptors, id, { checkGlyphs: true });
    this.register({ family: descriptors.family, weight: face.weight, style: face.style, fallback: 'any', load: () => face });
    return face;
  }

  /**
   * Registers a document's @font-face faces. Faces of one family, weight and style that
   * split the characters between them by unicode-range (as web font services serve them)
   * become one candidate that picks the file by character; each of those files is read (and
   * checked) only when a character needs it. Files that are not fonts, or are damaged, are
   * warned about and left out.
   */
  addWebFonts(faces: readonly WebFontFace[], warn: (message: string) => void): void {
    const groups = new Map<string, WebFontFace[]>();
    for (const face of faces) {
      const key = `${familyKey(face.family)}|${face.weight}|${face.style}`;
      groups.set(key, [...(groups.get(key) ?? []), face]);
    }
    for (const group of groups.values()) {
      const face = group[0]!;
      let candidate: FaceCandidate;
      if (group.length === 1 && coversEverything(face.ranges)) {
        const font = webFace(face, warn);
        if (!font) continue;
        candidate = font;
      } else {
        candidate = new UnicodeRangeFaces(new UnicodeRangeIndex(group.length, (i) => group[i]!.ranges), (i) => webFace(group[i]!, warn));
      }
      this.register({ family: face.family, weight: face.weight, style: face.style, fallback: 'any', load: () => candidate });
    }
  }

  /**
   * CSS Fonts 3 §5.2: the first family of the list that exists, then the best style and
   * weight within it. Names nobody registered (and generic families) use Noto Sans.
   */
  match(query: FontQuery): FontFace {
    const known = this.matchedByQuery.get(query);
    if (known) return known;
    const key = queryKey(query);
    let face = this.matched.get(key);
    if (!face) {
      // The first family with a face that loads (unicode-range files can all be damaged).
      for (const candidate of this.preferredFaces(query, false)) {
        face = candidatePrimary(candidate);
        if (face) break;
      }
      face ??= this.defaultFace(query);
      remember(this.matched, key, face);
    }
    this.matchedByQuery.set(query, face);
    return face;
  }

  /**
   * Splits `text` into runs of one face each: every character takes the first face of the
   * query's families that has a glyph for it, else the first of the other registered faces
   * that has one (in FallbackRole order), else the primary face (which draws .notdef). Marks
   * and joiners stay with their base.
   */
  itemize(text: string, query: FontQuery): FontRun[] {
    return itemizeText(text, this.fallbackChain(query));
  }

  private fallbackChain(query: FontQuery): FallbackChain {
    const known = this.chainsByQuery.get(query);
    if (known) return known;
    const key = queryKey(query);
    let chain = this.chains.get(key);
    if (!chain) {
      const preferred = this.preferredFaces(query, true);
      chain = new FallbackChain(preferred, () => this.facesOfEveryFamily(query), this.match(query));
      remember(this.chains, key, chain);
    }
    this.chainsByQuery.set(query, chain);
    return chain;
  }

  /**
   * The matched face of each family in the query that resolves, in order, without repeats.
   * `Noto CJK` (the default stack's, §4.3 rule 1) stands for the fallback fonts: in a fallback
   * chain the script fonts then the CJK fonts in the language's order; for matching, the
   * language's first CJK font.
   */
  private preferredFaces(query: FontQuery, chain: boolean): FaceCandidate[] {
    const faces: FaceCandidate[] = [];
    const add = (face: FaceCandidate | undefined) => {
      if (face && !faces.includes(face)) faces.push(face);
    };
    for (const family of query.families) {
      const key = familyKey(family);
      if (CJK_GENERIC_NAMES.includes(key) && !this.families.has(key)) {
        const { scripts, cjk } = this.fallbackFaces(query);
        if (chain) for (const face of [...scripts, ...cjk]) add(face.load());
        else add(cjk[0]?.load());
        continue;
      }
      const candidates = this.resolveFamily(family);
      add(candidates && selectFace(candidates, query.style, query.weight)?.load());
    }
    return faces;
  }

  /** Every family's best face for the query, in FallbackRole order. */
  private facesOfEveryFamily(query: FontQuery): FaceCandidate[] {
    const { ordinary, scripts, cjk } = this.fallbackFaces(query);
    return [...ordinary, ...scripts, ...cjk].map((face) => face.load());
  }

  /** Each family's best face for the query by its fallback role; the CJK fonts in the language's order. */
  private fallbackFaces(query: FontQuery): { ordinary: RegisteredFace[]; scripts: RegisteredFace[]; cjk: RegisteredFace[] } {
    const ordinary: RegisteredFace[] = [];
    const scripts: RegisteredFace[] = [];
    const cjk: RegisteredFace[] = [];
    for (const candidates of this.families.values()) {
      const chosen = selectFace(candidates, query.style, query.weight);
      if (!chosen || chosen.fallback === 'never') continue;
      (chosen.fallback === 'script' ? scripts : chosen.fallback === 'cjk' ? cjk : ordinary).push(chosen);
    }
    const order = cjkFontsFor(hanPreference(query.lang)).map((font) => familyKey(font.family));
    cjk.sort((a, b) => order.indexOf(familyKey(a.family)) - order.indexOf(familyKey(b.family)));
    return { ordinary, scripts, cjk };
  }

  private defaultFace(query: FontQuery): FontFace {
    for (const candidates of [this.families.get(familyKey(DEFAULT_FAMILY)), ...this.families.values()]) {
      const chosen = candidates && selectFace(candidates, query.style, query.weight);
      const face = chosen && candidatePrimary(chosen.load());
      if (face) return face;
    }
    throw new Error('font registry has no faces to match against');
  }

  private resolveFamily(name: string): RegisteredFace[] | undefined {
    const key = familyKey(name);
    const own = this.families.get(key);
    if (own) return own;
    const alias = FAMILY_ALIASES.get(key);
    const aliased = alias === undefined ? undefined : this.families.get(familyKey(alias));
    if (aliased) return aliased;
    return alias !== undefined || DEFAULT_FAMILY_ALIASES.has(key) ? this.families.get(familyKey(DEFAULT_FAMILY)) : undefined;
  }

  private register(face: RegisteredFace): void {
    const key = familyKey(face.family);
    const faces = this.families.get(key) ?? [];
    // A later @font-face rule with the same descriptors replaces the earlier one (CSS Fonts 3 §4.1).
    const kept = faces.filter((other) => other.weight !== face.weight || other.style !== face.style);
    this.families.set(key, [...kept, face]);
    this.matched.clear();
    this.chains.clear();
    this.matchedByQuery = new WeakMap();
    this.chainsByQuery = new WeakMap();
  }

  private static withBundledFaces(): FontRegistry {
    const registry = new FontRegistry(new Map());
    for (const bundled of BUNDLED_FACES) {
      registry.register({ family: bundled.family, weight: bundled.weight, style: bundled.style, fallback: 'any', load: lazyBundledFace(bundled) });
    }
    // Arimo, Tinos and Cousine: their files are read only when a character needs one.
    for (const family of METRIC_FAMILIES) {
      if (metricPackageDirectory(family) === null) continue;
      for (const weight of METRIC_WEIGHTS) {
        for (const style of METRIC_STYLES) {
          registry.register({ family: family.family, weight, style, fallback: 'never', load: () => metricFaces(family, weight, style) });
        }
      }
    }
    // The script, symbol and CJK fonts: their subset files are read only when a character needs one.
    for (const font of FALLBACK_FONTS) {
      if (font.directory() === null) continue;
      for (const weight of font.weights) {
        registry.register({ family: font.family, weight, style: 'normal', fallback: 'script', load: () => font.faces(weight) });
      }
    }
    for (const font of CJK_FONTS) {
      if (font.directory() === null) continue;
      for (const weight of CJK_WEIGHTS) {
        registry.register({ family: font.family, weight, style: 'normal', fallback: 'cjk', load: () => font.faces(weight) });
      }
    }
    return registry;
  }
}

/** A document's font file as a face, or null (with a warning) when it does not parse or fails the check. */
function webFace(face: WebFontFace, warn: (message: string) => void): FontFace | null {
  try {
    const digest = fontDataDigest(face.data);
    const program = parsedProgram(digest, face.data);
    return new FontkitFace(program, face.data, face, `${program.postscriptName ?? 'Font'}#${digest}`, { checkGlyphs: true });
  } catch (error) {
    warn(`@font-face "${face.family}": ${describeUrl(face.url)} is not a font file the engine reads (${reasonOf(error)}); ignored, text in it uses the fallback fonts`);
    return null;
  }
}

function lazyBundledFace(bundled: BundledFace): () => FontFace {
  let face: FontFace | undefined;
  return () => {
    if (!face) {
      const data = readBundledFont(bundled);
      const program = parseFontProgram(data);
      markBundledProgram(program);
      face = new FontkitFace(program, data, bundled, program.postscriptName ?? bundled.file);
    }
    return face;
  };
}

// Parsed and checked @font-face programs by content digest, so that every document that
// brings the same file reuses one parse and one check (and one shaping-cache key); a file
// that failed is remembered as its error. Bounded: oldest dropped first.
const PROGRAM_CACHE_LIMIT = 32;
const programsByDigest = new Map<string, fontkit.Font | Error>();

/** The file's program; throws when it does not parse or fails checkFontProgram. */
function parsedProgram(digest: string, data: Uint8Array): fontkit.Font {
  let program = programsByDigest.get(digest);
  if (!program) {
    try {
      program = parseFontProgram(data);
      checkFontProgram(program);
    } catch (error) {
      program = error instanceof Error ? error : new Error(String(error));
    }
    remember(programsByDigest, digest, program, PROGRAM_CACHE_LIMIT);
  }
  if (program instanceof Error) throw program;
  return program;
}

/** A font's URL for a warning: without credentials, and cut short (a data: URI can be megabytes). */
function describeUrl(url: string): string {
  const safe = url.replace(/\/\/[^/@]*@/, '//');
  return safe.length > 100 ? `${safe.slice(0, 64)}…` : safe;
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 120 ? `${message.slice(0, 120)}…` : message;
}

function remember<V>(cache: Map<string, V>, key: string, value: V, limit = QUERY_CACHE_LIMIT): void {
  if (cache.size >= limit) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

function familyKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The query as a cache key: its language counts only as far as it orders the CJK fonts. */
function queryKey(query: FontQuery): string {
  return `${query.style}|${query.weight}|${hanPreference(query.lang)}|${query.families.join('\u0001')}`;
}

function coversEverything(ranges: readonly CodePointRange[]): boolean {
  return ranges.some(([first, last]) => first === 0 && last >= 0x10ffff);
}
