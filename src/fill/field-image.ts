// Images of imageUrl fields: fetched through the caller's fetcher (the server's resource
// loader, with its address checks and limits), decoded by the engine's image decoder, and
// drawn contained in the field's box (whole, aspect ratio kept, centred). Any failure is a
// warning and an empty field, never an error.

import type { ImageItem, ImageResource } from '../paint/types.js';
import { decodeImage } from '../resources/image.js';
import type { ResourceLoader } from '../resources/net/index.js';
import type { DisplayBox } from './draw-text.js';
import { IMAGE_FETCH_CONCURRENCY } from './limits.js';

/** Fetches image bytes; null (or a rejection) when it cannot. */
export type ImageFetcher = (url: string) => Promise<Uint8Array | null>;

/** A fetcher over the engine's resource loader (kind 'image': its time limit, size cap and media-type check). */
export function imageFetcherFromLoader(loader: ResourceLoader): ImageFetcher {
  return async (url) => (await loader.fetch(url, 'image')).data;
}

/** Each distinct URL fetched and decoded once, a few at a time; null where it failed (and `warn` said why). */
export async function loadImages(urls: readonly string[], fetchImage: ImageFetcher | undefined, warn: (message: string) => void): Promise<Map<string, ImageResource | null>> {
  const distinct = [...new Set(urls)];
  const images = new Map<string, ImageResource | null>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < distinct.length) {
      const index = next++;
      const url = distinct[index]!;
      images.set(url, await loadImage(url, `fill-image-${index + 1}`, fetchImage, warn));
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMAGE_FETCH_CONCURRENCY, distinct.length) }, worker));
  return images;
}

async function loadImage(url: string, key: string, fetchImage: ImageFetcher | undefined, warn: (message: string) => void): Promise<ImageResource | null> {
  const shown = url.length > 80 ? `${url.slice(0, 77)}...` : url;
  if (!fetchImage) {
    warn(`image ${shown}: images cannot be fetched here; the field is left empty`);
    return null;
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await fetchImage(url);
  } catch (error) {
    warn(`image ${shown} could not be fetched (${(error as Error).message}); the field is left empty`);
    return null;
  }
  if (!bytes) {
    warn(`image ${shown} could not be fetched; the field is left empty`);
    return null;
  }
  return decodeImage(bytes, key, (message) => warn(`${message} (${shown}); the field is left empty`));
}

/** The image scaled to fit inside the box, centred. */
export function containedImage(image: ImageResource, box: DisplayBox): ImageItem {
  const scale = Math.min(box.width / image.pixelWidth, box.height / image.pixelHeight);
  const width = image.pixelWidth * scale;
  const height = image.pixelHeight * scale;
  return { kind: 'image', x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height, image };
}
