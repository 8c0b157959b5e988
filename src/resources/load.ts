// The resources stage: every external resource a document names is gathered here, before
// layout (DESIGN.md invariant 4). This issue supports data: URI images; remote fetching comes
// with the resources issue and plugs in here.
import type { DomDocument, DomElement } from '../dom/types.js';
import type { ImageResource } from '../paint/types.js';
import { decodeDataUri } from './data-uri.js';
import { readImage } from './image.js';

export interface LoadedResources {
  /** Decoded images by the exact `src` string used in the document. */
  readonly images: ReadonlyMap<string, ImageResource>;
}

/** Bound on the number of distinct image sources one document may name. */
const MAX_IMAGES = 10_000;

/** Collects and decodes the document's images. Undecodable ones become warnings, never errors. */
export async function loadResources(doc: DomDocument, onWarning: (message: string) => void): Promise<LoadedResources> {
  const images = new Map<string, ImageResource>();
  const sources = new Set<string>();
  collectImageSources(doc.root, sources);
  let n = 0;
  for (const src of sources) {
    if (++n > MAX_IMAGES) {
      onWarning(`more than ${MAX_IMAGES} distinct images; the rest are left out`);
      break;
    }
    const image = decodeImage(src, `img${images.size}`);
    if (image) images.set(src, image);
    else onWarning(`image could not be loaded: ${describe(src)}`);
  }
  return { images };
}

function collectImageSources(el: DomElement, out: Set<string>): void {
  if (el.tagName === 'img') {
    const src = el.attrs.get('src');
    if (src) out.add(src);
  }
  for (const child of el.children) if (child.kind === 'element') collectImageSources(child, out);
}

function decodeImage(src: string, key: string): ImageResource | null {
  const decoded = decodeDataUri(src.trim());
  if (!decoded) return null;
  return readImage(decoded.data, key);
}

/** A short, log-safe description of a URL (data: URIs can be megabytes long). */
function describe(src: string): string {
  return src.length > 80 ? `${src.slice(0, 77)}...` : src;
}
