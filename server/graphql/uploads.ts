// Files for `Upload` arguments, by the GraphQL multipart request spec
// (github.com/jaydenseric/graphql-multipart-request-spec): an `operations` part (one operation
// or a batch) with nulls where files go, a `map` part `{ "<part name>": ["variables.file", …] }`,
// then the file parts, with any names. Files are read whole, each bounded in size and in number,
// and put in place as UploadedFile; base64 objects { data, filename, mimetype } become the same.
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

export class UploadedFile {
  constructor(
    /** The base name: a full path sent as the filename (`C:\fakepath\a.pdf`) is cut to `a.pdf`. */
    readonly filename: string,
    readonly mimetype: string,
    readonly bytes: Uint8Array,
  ) {}
}

export interface UploadLimits {
  /** Largest file, bytes. */
  readonly maxFileBytes: number;
  /** Most files in one request. */
  readonly maxFiles: number;
  /** Largest `operations` or `map` part, bytes. */
  readonly maxFieldBytes: number;
}

/** `/home/me/Test.pdf`, `C:\Users\me\Test.pdf` → `Test.pdf`; control characters dropped; at most 255 characters. */
export function baseName(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 255) || 'upload';
}

const MAX_PATH_SEGMENTS = 32;

/** The operation(s) of a multipart request, with its files in place. */
export async function readMultipartOperations(request: FastifyRequest, limits: UploadLimits): Promise<unknown> {
  let operations: unknown;
  let map: Map<string, string[]> | null = null;
  const placed = new Set<string>();
  const parts = request.parts({ limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes, fieldSize: limits.maxFieldBytes, fields: 2, parts: limits.maxFiles + 2 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'operations') operations = parseJsonPart('operations', part.value);
        else if (part.fieldname === 'map') map = parseMap(parseJsonPart('map', part.value));
        continue;
      }
      if (operations === undefined || map === null) {
        throw new ApiError(400, 'BadRequestError', 'Multipart GraphQL requests send the "operations" and "map" parts before the files');
      }
      const paths = map.get(part.fieldname);
      if (!paths) {
        part.file.resume(); // not named by the map: ignored, as the spec allows
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge(part.fieldname, limits.maxFileBytes);
      const file = new UploadedFile(baseName(part.filename ?? ''), part.mimetype || 'application/octet-stream', new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      for (const path of paths) setAtPath(operations, path, file, part.fieldname);
      placed.add(part.fieldname);
    }
  } catch (error) {
    throw asUploadError(error, limits);
  }
  if (operations === undefined) throw new ApiError(400, 'BadRequestError', 'A multipart GraphQL request needs an "operations" part');
  if (map === null) throw new ApiError(400, 'BadRequestError', 'A multipart GraphQL request needs a "map" part');
  const missing = [...map.keys()].filter((name) => !placed.has(name));
  if (missing.length > 0) throw new ApiError(400, 'BadRequestError', `The map names file parts that were not sent: ${missing.slice(0, 5).join(', ')}`);
  return operations;
}

function parseJsonPart(name: string, value: unknown): unknown {
  try {
    return JSON.parse(String(value));
  } catch (error) {
    throw new ApiError(400, 'BadRequestError', `The "${name}" part is not valid JSON: ${(error as Error).message}`);
  }
}

function parseMap(value: unknown): Map<string, string[]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, 'BadRequestError', 'The "map" part must be an object of part names to arrays of paths');
  const map = new Map<string, string[]>();
  for (const [name, paths] of Object.entries(value)) {
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every((path) => typeof path === 'string')) {
      throw new ApiError(400, 'BadRequestError', `The "map" entry "${name}" must be a non-empty array of paths such as "variables.file"`);
    }
    map.set(name, paths as string[]);
  }
  return map;
}

/** Puts `file` at a dotted path of the operations (`variables.files.0.file`, `1.variables.file`). */
function setAtPath(root: unknown, path: string, file: UploadedFile, part: string): void {
  const segments = path.split('.');
  const bad = (why: string) => new ApiError(400, 'BadRequestError', `The "map" path "${path}" for part "${part}" ${why}`);
  if (segments.length < 2 || segments.length > MAX_PATH_SEGMENTS) throw bad('is not a path into the operations');
  let target: unknown = root;
  for (let i = 0; i < segments.length; i++) {
    const key = segments[i]!;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw bad('is not allowed');
    if (typeof target !== 'object' || target === null) throw bad('does not lead to a value of the operations');
    const container = target as Record<string, unknown>;
    if (Array.isArray(container) && !/^(0|[1-9][0-9]*)$/.test(key)) throw bad('indexes an array with something other than a number');
    if (!Object.prototype.hasOwnProperty.call(container, key)) throw bad('does not lead to a value of the operations');
    if (i === segments.length - 1) container[key] = file;
    else target = container[key];
  }
}

function tooLarge(part: string, limit: number): ApiError {
  return new ApiError(413, 'PayloadTooLargeError', `The file "${part}" is larger than ${limit} bytes`);
}

/** @fastify/multipart's limit errors as API errors. */
function asUploadError(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new ApiError(413, 'PayloadTooLargeError', `At most ${limits.maxFiles} files may be uploaded in one request`);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, 'PayloadTooLargeError', `A file is larger than ${limits.maxFileBytes} bytes`);
  if (code === 'FST_FIELDS_LIMIT') return new ApiError(400, 'BadRequestError', 'A multipart GraphQL request has two fields, "operations" and "map", then files');
  if (code === 'FST_PROTO_VIOLATION') return new ApiError(400, 'BadRequestError', 'The multipart body is not valid');
  if ((error as { statusCode?: number }).statusCode === 413) return new ApiError(413, 'PayloadTooLargeError', `The "operations" or "map" part is larger than ${limits.maxFieldBytes} bytes`);
  if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) return new ApiError(400, 'BadRequestError', `The multipart body is not valid: ${error.message}`);
  return error;
}

/** `{ data, filename, mimetype }` with data in base64 (or a base64 data: URL). */
export function uploadFromBase64(value: Record<string, unknown>, maxBytes: number): UploadedFile {
  const { data, filename, mimetype } = value;
  const bad = (message: string) => new ApiError(400, 'ValidationError', `Upload: ${message}`, [{ property: 'data', message }]);
  if (typeof data !== 'string') throw bad('Expected "data": the file in base64');
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,/i.exec(data);
  const base64 = (match ? data.slice(match[0].length) : data).replace(/\s+/g, '');
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 2) throw new ApiError(413, 'PayloadTooLargeError', `The file is larger than ${maxBytes} bytes`);
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw bad('"data" is not base64');
  const bytes = Buffer.from(base64, base64.includes('-') || base64.includes('_') ? 'base64url' : 'base64');
  if (bytes.byteLength > maxBytes) throw new ApiError(413, 'PayloadTooLargeError', `The file is larger than ${maxBytes} bytes`);
  if (filename !== undefined && typeof filename !== 'string') throw bad('"filename" must be a string');
  if (mimetype !== undefined && typeof mimetype !== 'string') throw bad('"mimetype" must be a string');
  const type = mimetype || match?.[1] || 'application/octet-stream';
  return new UploadedFile(baseName(filename ?? ''), type as string, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
