// Calls to the server's session API (server/routes/embed-session-*.ts). URLs are relative to
// the page (/embed/<type>), so the builder works when the server is mounted under a prefix.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message || `Request failed (${status})`);
  }
}

/** The server's error body: `{ name, message, fields? }`, plus route-specific keys. */
export interface ApiErrorBody {
  readonly name?: string;
  readonly message: string;
  readonly fields?: readonly { readonly property: string; readonly message: string }[];
  readonly missingRequiredFields?: readonly string[];
}

export class Api {
  private readonly base: URL;

  constructor(
    private readonly session: string,
    pageUrl: string = location.href,
  ) {
    this.base = new URL('./session/', pageUrl);
  }

  /** JSON from `GET session/<path>`. */
  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  /** JSON from `<method> session/<path>` with a JSON body. */
  send<T>(method: 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    return this.request<T>(method, path, body === undefined ? undefined : JSON.stringify(body), 'application/json');
  }

  /** JSON from `POST session/<path>` with raw bytes (a replacement PDF). */
  upload<T>(path: string, bytes: ArrayBuffer, contentType: string): Promise<T> {
    return this.request<T>('POST', path, bytes, contentType);
  }

  /** Raw bytes from `GET session/<path>` (a template's PDF). */
  async bytes(path: string): Promise<Uint8Array> {
    const response = await this.fetch('GET', path);
    return new Uint8Array(await response.arrayBuffer());
  }

  private async request<T>(method: string, path: string, body?: BodyInit, contentType?: string): Promise<T> {
    const response = await this.fetch(method, path, body, contentType);
    return (await response.json()) as T;
  }

  private async fetch(method: string, path: string, body?: BodyInit, contentType?: string): Promise<Response> {
    const headers: Record<string, string> = { 'X-Quire-Embed-Session': this.session, Accept: 'application/json' };
    if (contentType) headers['Content-Type'] = contentType;
    const response = await fetch(new URL(path, this.base), { method, headers, body: body ?? null, credentials: 'omit', cache: 'no-store' });
    if (!response.ok) throw new ApiError(response.status, await errorBody(response));
    return response;
  }
}

async function errorBody(response: Response): Promise<ApiErrorBody> {
  try {
    const body = (await response.json()) as ApiErrorBody;
    if (body && typeof body.message === 'string') return body;
  } catch {
    // not JSON: fall through
  }
  return { message: `The server answered ${response.status} ${response.statusText}` };
}
