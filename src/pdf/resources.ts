// The document's resource dictionary (ISO 32000-1 §7.8.3): fonts, graphics states and
// XObjects under short names, each deduplicated by key. One dictionary is shared by every
// page and form XObject, so a resource is named and written once per document.

import { PDFName, type PDFContext, type PDFDict, type PDFRef } from 'pdf-lib';

/** Names and registers resources; write() fills the dictionary reserved at construction. */
export class ResourceRegistry {
  /** Reference of the shared /Resources dictionary (assigned by write()). */
  readonly ref: PDFRef;
  private readonly fonts = new Map<string, PDFRef>();
  private readonly graphicsStates = new Map<string, { name: string; ref: PDFRef }>();
  private readonly xObjects = new Map<string, PDFRef>();
  private readonly xObjectNames = new Map<string, string>();

  constructor(private readonly context: PDFContext) {
    this.ref = context.nextRef();
  }

  /** Adds a font dictionary; returns its resource name (F1, F2 …). */
  addFont(font: PDFRef): string {
    const name = `F${this.fonts.size + 1}`;
    this.fonts.set(name, font);
    return name;
  }

  /**
   * The name of an ExtGState with these constant alphas (§11.6.4.4: /ca for fills and text,
   * /CA for strokes), one per distinct pair.
   */
  alphaState(fillAlpha: number, strokeAlpha: number): string {
    const ca = roundAlpha(fillAlpha);
    const CA = roundAlpha(strokeAlpha);
    const key = `${ca}/${CA}`;
    let state = this.graphicsStates.get(key);
    if (!state) {
      const ref = this.context.register(this.context.obj({ Type: 'ExtGState', ca, CA }));
      state = { name: `GS${this.graphicsStates.size + 1}`, ref };
      this.graphicsStates.set(key, state);
    }
    return state.name;
  }

  /** The name of the XObject for `key`, registering `make()` the first time. */
  xObject(key: string, prefix: 'Im' | 'Fm', make: () => PDFRef): string {
    let name = this.xObjectNames.get(key);
    if (!name) {
      name = `${prefix}${this.xObjects.size + 1}`;
      this.xObjects.set(name, make());
      this.xObjectNames.set(key, name);
    }
    return name;
  }

  /** Names an XObject that is used once (a transparency group); no deduplication. */
  addXObject(prefix: 'Im' | 'Fm', ref: PDFRef): string {
    const name = `${prefix}${this.xObjects.size + 1}`;
    this.xObjects.set(name, ref);
    return name;
  }

  /** Writes the shared dictionary; call once, after every page is painted. */
  write(): void {
    const dict: PDFDict = this.context.obj({});
    if (this.fonts.size > 0) dict.set(PDFName.of('Font'), this.namedRefs(this.fonts));
    if (this.graphicsStates.size > 0) {
      const states = new Map([...this.graphicsStates.values()].map((state) => [state.name, state.ref] as const));
      dict.set(PDFName.of('ExtGState'), this.namedRefs(states));
    }
    if (this.xObjects.size > 0) dict.set(PDFName.of('XObject'), this.namedRefs(this.xObjects));
    this.context.assign(this.ref, dict);
  }

  /** A new dictionary of the fonts named so far: the AcroForm's /DR starts from it. */
  fontDict(): PDFDict {
    return this.namedRefs(this.fonts);
  }

  private namedRefs(entries: ReadonlyMap<string, PDFRef>): PDFDict {
    const dict = this.context.obj({});
    for (const [name, ref] of entries) dict.set(PDFName.of(name), ref);
    return dict;
  }
}

function roundAlpha(alpha: number): number {
  return Math.round(Math.min(1, Math.max(0, alpha)) * 1000) / 1000;
}
