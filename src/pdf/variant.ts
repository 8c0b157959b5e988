// The standards a PDF may be asked to follow (WeasyPrint's names for them): PDF/A-2b and
// PDF/A-3b (ISO 19005-2/-3, level B: visual appearance) and PDF/UA-1 (ISO 14289-1).

export const PDF_VARIANTS = ['pdf/a-2b', 'pdf/a-3b', 'pdf/ua-1'] as const;

export type PdfVariant = (typeof PDF_VARIANTS)[number];

export function isPdfVariant(value: unknown): value is PdfVariant {
  return typeof value === 'string' && (PDF_VARIANTS as readonly string[]).includes(value);
}

/** The PDF/A part (2 or 3) of a variant, or null for PDF/UA. */
export function pdfaPart(variant: PdfVariant | null | undefined): 2 | 3 | null {
  return variant === 'pdf/a-2b' ? 2 : variant === 'pdf/a-3b' ? 3 : null;
}
