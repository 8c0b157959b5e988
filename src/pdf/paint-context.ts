// What the painters of one page share: the content stream being written, the page height for
// flipping y, the document's resources, and where links, anchors and bookmarks are collected.

import type { PDFContext, PDFRef } from 'pdf-lib';
import type { PendingField } from './acroform.js';
import type { ContentTag, Matrix } from '../paint/types.js';
import type { MarkedContent } from './marked-content.js';
import type { ContentStream } from './content-stream.js';
import type { FontEmbedder } from './font-embed.js';
import type { ResourceRegistry } from './resources.js';

/** A link area in PDF user space (y up), waiting for annotations to be written. */
export interface PendingLink {
  readonly rect: readonly [number, number, number, number];
  readonly target: { readonly uri: string } | { readonly dest: string };
  /** The Link structure element the annotation belongs to (tagged PDF); null: none. */
  readonly tag: ContentTag | null;
}

/** A named destination on this page, PDF user space. */
export interface PendingAnchor {
  readonly name: string;
  readonly x: number;
  readonly y: number;
}

/** A document outline entry on this page, PDF user space. */
export interface PendingBookmark {
  /** 1-based nesting level. */
  readonly level: number;
  readonly label: string;
  readonly x: number;
  readonly y: number;
}

export interface PaintContext {
  readonly canvas: ContentStream;
  /** The page's marked content when the PDF is tagged (marked-content.ts); null: untagged. */
  readonly marks: MarkedContent | null;
  /** The document, for objects a painter writes itself (gradient forms). */
  readonly context: PDFContext;
  /**
   * The display-list transform in force (transform items), for link rectangles, anchors and
   * bookmarks, which are not drawn through `cm`; absent means identity.
   */
  readonly matrix?: Matrix;
  /** Page height in pt: display-list y (down from the top) becomes `pageHeight - y`. */
  readonly pageHeight: number;
  readonly resources: ResourceRegistry;
  /** The document's fonts, handed out per face. */
  readonly fonts: FontEmbedder;
  /** Embedded images by ImageResource key (absent: the image could not be embedded). */
  readonly images: { get(key: string): PDFRef | undefined };
  /** Registers a transparency group form XObject drawing `content`; returns its resource name. */
  readonly addGroup: (content: string) => string;
  readonly links: PendingLink[];
  readonly anchors: PendingAnchor[];
  readonly bookmarks: PendingBookmark[];
  /** Form fields' widgets, with their appearances painted (acroform.ts). */
  readonly fields: PendingField[];
}

/**
 * Runs `draw` with constant alphas applied through an ExtGState (ISO 32000-1 §11.6.4.4),
 * inside q/Q so they do not leak; with full opacity it just draws.
 */
export function withAlpha(ctx: PaintContext, fillAlpha: number, strokeAlpha: number, draw: () => void): void {
  if (fillAlpha >= 1 && strokeAlpha >= 1) {
    draw();
    return;
  }
  ctx.canvas.save();
  ctx.canvas.push(`/${ctx.resources.alphaState(fillAlpha, strokeAlpha)} gs`);
  draw();
  ctx.canvas.restore();
}
