// Byte-level mutations of a serialized body: truncation, changed bytes, a byte-order mark,
// invalid UTF-8, NUL bytes, number literals JSON.parse reads oddly (1e99999 is Infinity), and
// content types that do not match the body.
import type { Random } from './random.js';

export interface ByteMutation {
  readonly body: Uint8Array;
  readonly contentType: string | null;
  readonly what: string;
}

const INVALID_UTF8: readonly number[][] = [[0xff], [0xc3, 0x28], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80], [0xf0, 0x9f, 0x98]];
const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'APPLICATION/JSON',
  'application/json;;;', 'application/vnd.api+json', 'text/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/xml',
  'multipart/form-data', 'multipart/mixed; boundary=x', '*/*', '', 'application/json, text/plain'
];

export function mutateBytes(json: Uint8Array, rng: Random): ByteMutation {
  const text = () => Buffer.from(json).toString('utf8');
  const how = rng.pick(['truncate', 'flip', 'bom', 'invalid-utf8', 'nul', 'number-literal', 'content-type', 'no-content-type', 'whitespace', 'trailing', 'double', 'utf16']);
  const out = (body: Uint8Array | string, what: string, contentType: string | null = 'application/json'): ByteMutation => ({ body: typeof body === 'string' ? Buffer.from(body) : body, contentType, what });
  switch (how) {
    case 'truncate': {
      const at = rng.int(0, Math.max(0, json.length - 1));
      return out(json.subarray(0, at), `cut to ${at} of ${json.length} bytes`);
    }
    case 'flip': {
      const bytes = new Uint8Array(json);
      const n = rng.size(1, 32);
      for (let i = 0; i < n; i++) bytes[rng.int(0, bytes.length - 1)] = rng.int(0, 255);
      return out(bytes, `${n} bytes changed`);
    }
    case 'bom': return out(Uint8Array.from([0xef, 0xbb, 0xbf, ...(rng.chance(0.3) ? [0xef, 0xbb, 0xbf] : []), ...json]), 'byte-order mark');
    case 'invalid-utf8': {
      const at = rng.int(0, json.length);
      const seq = rng.pick(INVALID_UTF8);
      // Inside a string value when there is one, so the JSON stays otherwise valid.
      const quote = Buffer.from(json).indexOf('"', at);
      const where = quote >= 0 ? quote + 1 : at;
      return out(Uint8Array.from([...json.subarray(0, where), ...seq, ...json.subarray(where)]), `invalid UTF-8 ${seq.map((b) => b.toString(16)).join(' ')} at ${where}`);
    }
    case 'nul': return out(text().replace(/"(\w)/, '"\u0000$1'), 'NUL in a string');
    case 'number-literal': {
      const literal = rng.pick(['1e99999', '-1e99999', '1e-99999', 'NaN', 'Infinity', '-', '01', '0x10', '1.', '.5', '+1', '1_000', '9'.repeat(400)]);
      const replaced = text().replace(/(:\s*)(-?\d+(\.\d+)?|"[^"]*")/, `$1${literal}`);
      return out(replaced, `number literal ${literal.slice(0, 12)}`);
    }
    case 'content-type': {
      const type = rng.pick(CONTENT_TYPES);
      return out(json, `content-type ${JSON.stringify(type)}`, type);
    }
    case 'no-content-type': return out(json, 'no content-type', null);
    case 'whitespace': return out(`${rng.pick(['  ', '\n\n', '\t', '\u00a0', '\u2028', '\u0000'])}${text()}${rng.pick(['', '\n', ' \u0000'])}`, 'leading/trailing whitespace');
    case 'trailing': return out(`${text()}${rng.pick([',', '}', ']', '{}', 'x', '\u0000', '//c', '/* */'])}`, 'trailing junk');
    case 'double': return out(`${text()}${text()}`, 'body twice');
    default: return out(Buffer.from(text(), 'utf16le'), 'UTF-16 body', rng.pick(['application/json', 'application/json; charset=utf-16']));
  }
}
