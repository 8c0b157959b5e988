// Request bodies: JSON (at most 1 MB; an empty body is an empty request, so that validation
// can name the missing `data`), and multipart/form-data for larger payloads (spec
// pdf-generation.md §8), where each top-level field is its own part. A part's text is JSON
// when it parses as JSON and the field takes objects or values (`data`, `page`, `logo`, …),
// and a string otherwise (`title`, an encrypted `data`).
import type { FastifyRequest } from 'fastify';
import { assertNesting } from './json-nesting.js';

/** Fields whose multipart text stays a string even when it would parse as JSON. */
const STRING_FIELDS = new Set(['title', 'type', 'textColor', 'fontFamily']);
/** Parts at most: a body has a handful of top-level fields. */
export const MAX_PARTS = 64;

export class BodyError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * The body as the engine takes it: parsed JSON, the fields of a multipart body, or undefined.
 * Throws BodyError for a malformed or oversized body, ValidationError for one nested too deep.
 */
export async function readBody(request: FastifyRequest, maxBytes: number): Promise<unknown> {
  const body = request.isMultipart() ? await readMultipart(request, maxBytes) : request.body;
  assertNesting(body);
  return body;
}

async function readMultipart(request: FastifyRequest, maxBytes: number): Promise<Record<string, unknown>> {
  try {
    return await readParts(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyError) throw error;
    // The parser's own errors (no boundary, a body cut short, a part over its limit) are the
    // client's: 413 for limits, 400 for the rest.
    const status = (error as { statusCode?: number }).statusCode;
    const message = error instanceof Error ? error.message : String(error);
    if (status === 413) throw new BodyError(413, `The multipart body is too large: ${message}`);
    throw new BodyError(400, `The multipart body is malformed: ${message}`);
  }
}

async function readParts(request: FastifyRequest, maxBytes: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  let total = 0;
  let count = 0;
  for await (const part of request.parts({ limits: { parts: MAX_PARTS, fieldSize: maxBytes, fileSize: maxBytes, fieldNameSize: 200 } })) {
    if (++count > MAX_PARTS) throw new BodyError(413, `A multipart body may have at most ${MAX_PARTS} parts`);
    let text: string;
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      text = bytes.toString('utf8');
    } else {
      if (part.valueTruncated) throw new BodyError(413, `The multipart field "${part.fieldname}" is larger than ${maxBytes} bytes`);
      text = String(part.value);
    }
    total += Buffer.byteLength(text);
    if (total > maxBytes) throw new BodyError(413, `The multipart body is larger than ${maxBytes} bytes`);
    body[part.fieldname] = fieldValue(part.fieldname, text);
  }
  return body;
}

function fieldValue(name: string, text: string): unknown {
  if (STRING_FIELDS.has(name)) return text;
  const trimmed = text.trim();
  if (!/^[[{"\-0-9tfn]/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}
