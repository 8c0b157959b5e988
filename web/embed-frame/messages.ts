// What passes between the parent page and a Quire builder iframe (embedded-builders.md §4.7, §6),
// and the checks EmbedFrame makes: which origin the builder speaks from, which messages are its
// events, what a command looks like. Pure — no DOM types — so it is unit-tested in node.

/** A field as the template builder's events carry it (spec §2.4; `pageNum` is 0-based). */
export interface EmbedFieldRecord {
  readonly id: string;
  readonly aliasId: string;
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly pageNum: number;
  readonly [key: string]: unknown;
}

interface CastEvent {
  readonly castEid: string;
  readonly organizationSlug: string;
}

/** The events a builder posts to the parent, delivered to EmbedFrame's `onEvent` (spec §6). */
export type EmbedEvent =
  | (CastEvent & { readonly action: 'castEditLoad' })
  | (CastEvent & { readonly action: 'castEditFieldsAdded'; readonly fieldsAdded: readonly EmbedFieldRecord[] })
  | (CastEvent & { readonly action: 'castEditFieldsRemoved'; readonly fieldsRemoved: readonly EmbedFieldRecord[] })
  | (CastEvent & { readonly action: 'castEditFieldsChanged'; readonly fieldsChanged: readonly EmbedFieldRecord[] })
  | (CastEvent & { readonly action: 'castEditSelectedFieldsChanged'; readonly fieldsSelected: readonly EmbedFieldRecord[] | null })
  | (CastEvent & { readonly action: 'castEditGetFields'; readonly fields: readonly EmbedFieldRecord[] })
  | (CastEvent & { readonly action: 'castEditSubmit' })
  | (CastEvent & { readonly action: 'castEditSubmitError'; readonly missingRequiredFields: readonly string[]; readonly errorMessage: string })
  | (CastEvent & { readonly action: 'castEditSubmitSuccess' })
  | (CastEvent & { readonly action: 'castEditComplete' })
  | { readonly action: 'etchPacketSent'; readonly etchPacketEid: string; readonly organizationSlug: string }
  | { readonly action: 'weldCreate' | 'weldEdit'; readonly weldEid: string; readonly organizationSlug: string }
  | {
      readonly action: 'embeddedError';
      readonly errorType: 'tokenExpired' | 'tokenUsed' | 'tokenInvalid' | (string & {});
      readonly error: string;
      readonly message: string;
      readonly requestTokenEid: string | null;
    };

export type EmbedEventAction = EmbedEvent['action'];

/** The commands a parent may send to the template builder (spec §4.7). */
export type EmbedCommandAction = 'castEditSubmit' | 'castEditGetFields';

export interface EmbedCommand {
  /** One of EmbedCommandAction; other names are posted as given (the builder ignores them). */
  readonly action: EmbedCommandAction | (string & {});
}

/** What a `message` event offers, reduced to what the checks read (a MessageEvent fits). */
export interface IncomingMessage {
  readonly origin: string;
  readonly source: unknown;
  readonly data: unknown;
}

/** An origin in its canonical form (`https://host[:port]`), or null for anything that has none. */
export function normalizeOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origin the builder's messages must come from: `origin` when given (a URL or an origin;
 * only its origin counts), else the origin of `iframeURL` (resolved against `base` when it is
 * relative). Null when neither names an http(s) origin — then no message is accepted.
 */
export function frameOrigin(iframeURL: string, origin?: string | null, base?: string): string | null {
  if (origin !== undefined && origin !== null && origin !== '') return normalizeOrigin(origin);
  try {
    return normalizeOrigin(new URL(iframeURL, base).href);
  } catch {
    return null;
  }
}

/**
 * The builder's event in `message`, or null when it is not one: it must come from `origin`
 * (exactly), from `frameWindow` (this iframe's window, not another frame of the same server),
 * and be an object with a string `action`.
 */
export function acceptMessage(message: IncomingMessage, origin: string | null, frameWindow: unknown): EmbedEvent | null {
  if (origin === null || message.origin !== origin) return null;
  if (frameWindow === null || frameWindow === undefined || message.source !== frameWindow) return null;
  const data = message.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  if (typeof (data as { action?: unknown }).action !== 'string') return null;
  return data as EmbedEvent;
}

/** The message posted for a command: always a plain `{ action }` object. */
export function commandMessage(command: EmbedCommand | EmbedCommandAction): EmbedCommand {
  return { action: typeof command === 'string' ? command : command.action };
}

/** The target origin for commands: the builder's origin; never '*', which would hand them to any page. */
export function commandTargetOrigin(origin: string): string {
  const normalized = origin === '*' ? null : normalizeOrigin(origin);
  if (normalized === null) throw new TypeError(`Commands go to the builder's origin, such as https://quire.example.com; received ${JSON.stringify(origin)}`);
  return normalized;
}
