// Alias matching by a service the deployment runs (a language model), when
// QUIRE_ALIAS_MATCHER_URL names one: the fields and the caller's aliases are POSTed to it as
// JSON, and its answer is checked and applied like the built-in matcher's. Anything wrong
// (no answer in time, an error status, a body too large, not the expected JSON) falls back to
// the built-in matcher with a warning, so that creating a Cast never fails because of it.
import { request } from 'undici';
import {
  ALIAS_MATCH_THRESHOLD,
  applyAliasMatches,
  deterministicAliasMatcher,
  normalizeAliases,
  type Alias,
  type AliasList,
  type AliasMatch,
  type AliasMatcher,
  type AliasMatchResult,
  type MatchableField,
} from '../src/fill/alias-match.js';

export const DEFAULT_ALIAS_MATCHER_TIMEOUT_MS = 10_000;
/** The largest answer read, bytes. */
export const MAX_ALIAS_MATCHER_RESPONSE_BYTES = 1024 * 1024;

export interface HttpAliasMatcherOptions {
  readonly url: string | URL;
  /** For the whole exchange, ms (default DEFAULT_ALIAS_MATCHER_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  readonly maxResponseBytes?: number;
  /** Matches less confident than this are not applied (default ALIAS_MATCH_THRESHOLD). */
  readonly threshold?: number;
  /** Used when the service fails (default: the built-in matcher). */
  readonly fallback?: AliasMatcher;
}

/** The body POSTed to the service. */
export interface AliasMatcherRequest {
  readonly fields: { readonly id: string; readonly name: string; readonly type: string }[];
  readonly aliases: AliasList;
}

/** The answer expected from it. */
export interface AliasMatcherAnswer {
  readonly matches: { readonly fieldId: string; readonly aliasId: string; readonly confidence: number }[];
}

export class HttpAliasMatcher implements AliasMatcher {
  private readonly url: URL;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly threshold: number;
  private readonly fallback: AliasMatcher;

  constructor(options: HttpAliasMatcherOptions) {
    this.url = new URL(options.url);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_ALIAS_MATCHER_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? MAX_ALIAS_MATCHER_RESPONSE_BYTES;
    this.threshold = options.threshold ?? ALIAS_MATCH_THRESHOLD;
    this.fallback = options.fallback ?? deterministicAliasMatcher;
  }

  async match(fields: readonly MatchableField[], list: AliasList): Promise<AliasMatchResult> {
    const { aliases, warnings } = normalizeAliases(list);
    let matches: AliasMatch[];
    try {
      matches = this.accept(await this.ask({ fields: fields.map(({ id, name, type }) => ({ id, name, type })), aliases: inCallerShape(list, aliases) }), fields, aliases);
    } catch (error) {
      const fallback = await this.fallback.match(fields, list);
      return { ...fallback, warnings: [...fallback.warnings, `the alias matching service failed (${(error as Error).message}); the built-in matcher was used`] };
    }
    return { matches, fields: applyAliasMatches(fields, aliases, matches), warnings };
  }

  /** One POST; rejects with a short reason on any failure. */
  private async ask(body: AliasMatcherRequest): Promise<AliasMatcherAnswer> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await request(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Quire' },
        body: JSON.stringify(body),
        signal,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        discard(response.body);
        throw new Error(`it answered HTTP ${response.statusCode}`);
      }
      const declared = Number(response.headers['content-length']);
      if (declared > this.maxResponseBytes) {
        discard(response.body);
        throw new Error(`its answer is larger than ${this.maxResponseBytes} bytes`);
      }
      return answerOf(await readCapped(response.body, this.maxResponseBytes));
    } catch (error) {
      if (signal.aborted) throw new Error(`no answer within ${this.timeoutMs} ms`);
      throw error;
    }
  }

  /** The answer's matches that are confident enough and name a field and an alias that exist, one to one, most confident first. */
  private accept(answer: AliasMatcherAnswer, fields: readonly MatchableField[], aliases: readonly Alias[]): AliasMatch[] {
    const fieldOrder = new Map<string, number>();
    fields.forEach((field, i) => {
      if (!fieldOrder.has(field.id)) fieldOrder.set(field.id, i);
    });
    const aliasIds = new Set(aliases.map((alias) => alias.id));
    const candidates = answer.matches
      .map((m, i) => ({ ...m, i }))
      .filter((m) => m.confidence >= this.threshold && fieldOrder.has(m.fieldId) && aliasIds.has(m.aliasId))
      .sort((p, q) => q.confidence - p.confidence || p.i - q.i);
    const [usedFields, usedAliases] = [new Set<string>(), new Set<string>()];
    const chosen: AliasMatch[] = [];
    for (const m of candidates) {
      if (usedFields.has(m.fieldId) || usedAliases.has(m.aliasId)) continue;
      usedFields.add(m.fieldId);
      usedAliases.add(m.aliasId);
      chosen.push({ fieldId: m.fieldId, aliasId: m.aliasId, score: m.confidence, explanation: `matched by the alias matching service (confidence ${m.confidence})` });
    }
    return chosen.sort((p, q) => fieldOrder.get(p.fieldId)! - fieldOrder.get(q.fieldId)!);
  }
}

/**
 * The matcher a deployment configured: the built-in one, or the service at
 * QUIRE_ALIAS_MATCHER_URL (timeout QUIRE_ALIAS_MATCHER_TIMEOUT_MS). A bad value is an Error
 * naming the variable, as for the rest of the configuration.
 */
export function aliasMatcherFromEnv(env: NodeJS.ProcessEnv = process.env): AliasMatcher {
  const text = env.QUIRE_ALIAS_MATCHER_URL?.trim();
  if (!text) return deterministicAliasMatcher;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  // The URL itself is not repeated: it may carry a token.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error('QUIRE_ALIAS_MATCHER_URL must be an http: or https: URL');
  const timeout = env.QUIRE_ALIAS_MATCHER_TIMEOUT_MS?.trim();
  const timeoutMs = timeout ? Number(timeout) : DEFAULT_ALIAS_MATCHER_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 600_000) {
    throw new Error(`QUIRE_ALIAS_MATCHER_TIMEOUT_MS must be an integer from 100 to 600000, not "${timeout}"`);
  }
  return new HttpAliasMatcher({ url, timeoutMs });
}

/** The validated aliases as the caller listed them: ids, or attributes by id. */
function inCallerShape(list: AliasList, aliases: readonly Alias[]): AliasList {
  return Array.isArray(list) ? aliases.map((alias) => alias.id) : Object.fromEntries(aliases.map((alias) => [alias.id, alias.attributes]));
}

/** Drops a body unread: undici errors a body destroyed before its end, and that error has no other listener. */
function discard(body: NodeJS.ReadableStream & { destroy(): unknown }): void {
  body.on('error', () => {});
  body.destroy();
}

async function readCapped(body: NodeJS.ReadableStream & AsyncIterable<Buffer> & { destroy(): unknown }, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      discard(body);
      throw new Error(`its answer is larger than ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The answer, checked: `{ matches: [{ fieldId, aliasId, confidence }] }`, confidence from 0 to 1. */
function answerOf(text: string): AliasMatcherAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('its answer is not JSON');
  }
  const matches = (json as { matches?: unknown } | null)?.matches;
  if (!Array.isArray(matches)) throw new Error('its answer has no "matches" array');
  matches.forEach((m: unknown, i) => {
    const { fieldId, aliasId, confidence } = (m ?? {}) as Record<string, unknown>;
    const valid = typeof fieldId === 'string' && typeof aliasId === 'string' && typeof confidence === 'number' && confidence >= 0 && confidence <= 1;
    if (!valid) throw new Error(`match ${i} of its answer is not { fieldId, aliasId, confidence from 0 to 1 }`);
  });
  return { matches: matches as AliasMatcherAnswer['matches'] };
}
