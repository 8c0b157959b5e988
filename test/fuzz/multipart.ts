// multipart/form-data bodies (spec pdf-generation.md §8: each top-level field its own part),
// well formed, and broken the ways clients and proxies break them: no or wrong boundary, cut
// short, parts without names, too many or too long names, LF instead of CRLF, file parts.
import type { Random } from './random.js';

export interface RawBody {
  readonly contentType: string | null;
  readonly body: Uint8Array;
}

/** Each top-level field of `body` as a part; strings as they are, everything else as JSON. */
export function multipartBody(body: Record<string, unknown>, boundary: string, rng: Random | null = null): RawBody {
  const parts = Object.keys(body).filter((key) => body[key] !== undefined).map((key) => {
    const value = body[key];
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const asFile = rng?.chance(0.2) ?? false;
    const disposition = asFile ? `form-data; name="${key}"; filename="${key}.json"` : `form-data; name="${key}"`;
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${asFile ? 'Content-Type: application/json\r\n' : ''}\r\n${text}\r\n`;
  });
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`) };
}

/** A multipart body broken one way. */
export function brokenMultipart(body: Record<string, unknown>, rng: Random): RawBody & { what: string } {
  const boundary = rng.pick(['XYZ', '----fuzz1234567890', 'a', '"quoted"', 'x'.repeat(70), 'x'.repeat(200), '']);
  const good = multipartBody(body, boundary.replaceAll('"', ''), rng);
  const text = Buffer.from(good.body).toString('utf8');
  const how = rng.pick(['no-boundary', 'wrong-boundary', 'cut', 'no-name', 'many-parts', 'long-name', 'lf-only', 'no-end', 'empty', 'garbage', 'quoted-boundary', 'duplicate', 'header-junk']);
  const out = (t: string | Uint8Array, contentType: string | null = good.contentType) => ({ contentType, body: typeof t === 'string' ? Buffer.from(t) : t, what: how });
  switch (how) {
    case 'no-boundary': return out(text, rng.pick(['multipart/form-data', 'multipart/form-data;', 'multipart/form-data; boundary=', 'multipart/form-data; charset=utf-8']));
    case 'wrong-boundary': return out(text, 'multipart/form-data; boundary=NOTTHEONE');
    case 'cut': return out(good.body.subarray(0, rng.int(0, good.body.length - 1)));
    case 'no-name': return out(text.replaceAll(/; name="[^"]*"/g, rng.pick(['', '; name=""', '; name', '; filename="x"'])));
    case 'many-parts': {
      const n = rng.pick([63, 64, 65, 1_000]);
      const b = boundary.replaceAll('"', '') || 'B';
      return out(`${Array.from({ length: n }, (_, i) => `--${b}\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\n${i}\r\n`).join('')}--${b}--\r\n`, `multipart/form-data; boundary=${b}`);
    }
    case 'long-name': return out(text.replace(/name="/, `name="${'n'.repeat(rng.pick([199, 200, 201, 10_000]))}`));
    case 'lf-only': return out(text.replaceAll('\r\n', '\n'));
    case 'no-end': return out(text.replace(/--\r\n$/, '\r\n'));
    case 'empty': return out('');
    case 'garbage': return out(Buffer.from(Array.from({ length: rng.size(1, 4_000) }, () => rng.int(0, 255))));
    case 'quoted-boundary': return out(text, `multipart/form-data; boundary="${boundary.replaceAll('"', '')}"`);
    case 'duplicate': return out(text.replace(/--[^\r\n]*--\r\n$/, '') + text);
    default: return out(text.replace(/Content-Disposition: /g, rng.pick(['Content-Type: text/plain; charset=utf-16\r\nContent-Disposition: ', 'Content-Transfer-Encoding: base64\r\nContent-Disposition: ', 'X: \u0000\r\nContent-Disposition: ', 'Content-Disposition: attachment; ', 'Content-Type: multipart/mixed; boundary=inner\r\nContent-Disposition: '])));
  }
}
