// The custom scalars: JSON (any value), Date (ISO 8601) and Upload (a multipart file part, or a
// base64 object { data, filename, mimetype } in the variables or the query itself).
import { GraphQLScalarType, Kind, valueFromASTUntyped, type ValueNode } from 'graphql';
import { ApiError } from './errors.js';
import { UploadedFile, uploadFromBase64 } from './uploads.js';

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast: ValueNode, variables) => valueFromASTUntyped(ast, variables ?? undefined),
});

export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  serialize: (value) => (value instanceof Date ? value.toISOString() : value),
  parseValue: (value) => parseDate(value),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? parseDate(ast.value) : undefined),
});

function parseDate(value: unknown): Date {
  const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new TypeError('Expected an ISO 8601 date-time');
  return date;
}

/** Upload; `maxBytes` bounds base64 uploads as multipart parts are bounded. */
export function uploadScalar(maxBytes: number): GraphQLScalarType {
  const parse = (value: unknown): UploadedFile => {
    if (value instanceof UploadedFile) return value;
    if (value && typeof value === 'object' && !Array.isArray(value)) return uploadFromBase64(value as Record<string, unknown>, maxBytes);
    throw new ApiError(400, 'ValidationError', 'Expected a file: a part of a multipart request, or { data, filename, mimetype } with data in base64');
  };
  return new GraphQLScalarType({
    name: 'Upload',
    serialize: () => {
      throw new TypeError('Upload is an input type only');
    },
    parseValue: parse,
    parseLiteral: (ast, variables) => parse(valueFromASTUntyped(ast, variables ?? undefined)),
  });
}
