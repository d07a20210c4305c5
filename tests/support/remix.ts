import { getToast, type Toast } from '#app/lib/toast.server.ts'

// Calling route modules directly, as the Remix server would (DESIGN §7: integration tests call loaders and
// actions with a real Request), and reading what they answer: a Response (a redirect, maybe with a toast),
// or Remix's `data(value, init)`, or the plain value.

/** The origin requests are made on when a test gives a path rather than a whole URL. */
export const SITE = 'http://localhost:3000'

/** The client address requests come from unless a test says otherwise. */
export const CLIENT_IP = '203.0.113.7'

export interface RequestOptions {
  /** The `cookie` header, e.g. from panelCookie(). */
  cookie?: string
  headers?: Record<string, string>
}

export interface CallOptions extends RequestOptions {
  params?: Record<string, string>
  clientIp?: string
}

/** Form fields: a value per name (an array sends the name once per value), or a body already encoded. */
export type FormFields = Record<string, string | number | string[]> | Array<[string, string]> | string | FormData

/** The load context server.ts gives every route (only entry.server, never a route, adds script sources). */
function routeContext(clientIp = CLIENT_IP) {
  return { clientIp, allowInlineScripts: () => {} }
}

/** A GET of `url` (a path is taken on SITE). */
export function getRequest(url: string, { cookie, headers }: RequestOptions = {}): Request {
  return new Request(new URL(url, SITE), { headers: withCookie(headers, cookie) })
}

/** A POST of `fields` to `url` (a path is taken on SITE), encoded as a browser encodes a form. */
export function formRequest(url: string, fields: FormFields, { cookie, headers }: RequestOptions = {}): Request {
  const multipart = fields instanceof FormData
  return new Request(new URL(url, SITE), {
    method: 'POST',
    headers: withCookie(
      multipart ? headers : { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      cookie,
    ),
    body: multipart || typeof fields === 'string' ? fields : formBody(fields),
  })
}

/** Arguments for a route function: the request, with the route's params and the app's load context. */
export function routeArgs(request: Request, { params = {}, clientIp }: Pick<CallOptions, 'params' | 'clientIp'> = {}) {
  return { request, params, context: routeContext(clientIp) }
}

/** Arguments for a loader: a GET of `url` with the app's load context. */
export function loaderArgs(url: string, params: Record<string, string> = {}, options: CallOptions = {}) {
  return routeArgs(getRequest(url, options), { params, clientIp: options.clientIp })
}

/** Arguments for an action: a form POST of `fields` to `url` with the app's load context. */
export function actionArgs(url: string, fields: FormFields, options: CallOptions = {}) {
  return routeArgs(formRequest(url, fields, options), options)
}

type RouteArgs = ReturnType<typeof loaderArgs>

/** Runs a route's loader on a GET of `url`; answers whatever it returned (it may also throw). */
export async function callLoader<F extends (args: RouteArgs) => unknown>(
  loader: F,
  url: string,
  options: CallOptions = {},
) {
  return (await loader(loaderArgs(url, options.params, options))) as Awaited<ReturnType<F>>
}

/** Runs a route's action on a form POST of `fields` to `url`; answers whatever it returned (it may also throw). */
export async function callAction<F extends (args: RouteArgs) => unknown>(
  action: F,
  url: string,
  fields: FormFields,
  options: CallOptions = {},
) {
  return (await action(actionArgs(url, fields, options))) as Awaited<ReturnType<F>>
}

/** What `data(value, init)` from Remix returns (a loader or action may return or throw one instead of a Response). */
interface DataWithInit<D = unknown> {
  type: string
  data: D
  init: ResponseInit | null
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    'data' in value &&
    'init' in value &&
    value.type === 'DataWithResponseInit'
  )
}

type LoaderData<T> = T extends DataWithInit<infer D> ? D : T

/**
 * A loader's data as the page (and `meta`) receives it, whether the loader returned it plainly or
 * wrapped in `data(…, { headers })`.
 */
export async function loaderData<T>(result: T): Promise<LoaderData<Awaited<T>>> {
  const value = await result
  return (isDataWithInit(value) ? value.data : value) as LoaderData<Awaited<T>>
}

/**
 * An answer that is not a Response: its status (200 unless `data()` set one), headers and data, typed as the
 * test expects. Fails when the route answered a Response (a redirect) instead.
 */
export function replyOf<D = Record<string, unknown>>(result: unknown): { status: number; headers: Headers; data: D } {
  if (result instanceof Response) {
    throw new Error(
      `expected data, but the route answered a ${result.status} Response (${result.headers.get('Location') ?? 'no Location'})`,
    )
  }
  if (!isDataWithInit(result)) return { status: 200, headers: new Headers(), data: result as D }
  return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), data: result.data as D }
}

/** The Response a route answered (a redirect, say); fails when it answered data instead. */
export function responseOf(result: unknown): Response {
  if (!(result instanceof Response)) {
    throw new Error(`expected a Response, but the route answered ${JSON.stringify(result)?.slice(0, 500)}`)
  }
  return result
}

/** The Response a loader throws (404, 302, 503…); fails when it returns or throws anything else. */
export async function thrownResponse(work: () => unknown): Promise<Response> {
  let result: unknown
  try {
    result = await work()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    if (isDataWithInit(thrown)) {
      const body = typeof thrown.data === 'string' ? thrown.data : JSON.stringify(thrown.data)
      return new Response(body, { status: 500, ...thrown.init })
    }
    throw thrown
  }
  throw new Error(`expected a thrown Response, but the loader returned ${JSON.stringify(result)?.slice(0, 500)}`)
}

/**
 * What a visitor would get: the status a thrown Response carries, 302 for a returned redirect, 200 for
 * returned data, 500 for any other error (what Remix would render).
 */
export async function statusOf(work: () => unknown): Promise<number> {
  try {
    const result = await work()
    if (result instanceof Response) return result.status
    return isDataWithInit(result) ? (result.init?.status ?? 200) : 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    return isDataWithInit(thrown) ? (thrown.init?.status ?? 500) : 500
  }
}

/** The `name=value` pair of the cookie an answer (a Response, or replyOf's reading of data) sets, or undefined. */
export function setCookie(answer: { headers: Headers }, name: string): string | undefined {
  return answer.headers
    .getSetCookie()
    .find((header) => header.startsWith(`${name}=`))
    ?.split(';')[0]
}

/** The toast an answer carries to the next page (the cv_toast cookie, read by the app's getToast), or null. */
export async function toastOf(answer: { headers: Headers }): Promise<Toast | null> {
  const cookie = setCookie(answer, 'cv_toast')
  if (!cookie) return null
  return (await getToast(new Request(SITE, { headers: { cookie } }))).toast
}

/** A redirect a route answered, read as a visitor's browser would: its status, where it goes, the toast it carries. */
export async function redirectOf(result: unknown) {
  const response = responseOf(result)
  return { status: response.status, location: response.headers.get('Location'), toast: await toastOf(response) }
}

/** Any answer in one shape: a Response's status, Location and toast, or data's status and data. */
export async function outcomeOf(result: unknown) {
  if (result instanceof Response) return { ...(await redirectOf(result)), data: null }
  const { status, data } = replyOf(result)
  return { status, location: null, toast: null, data }
}

/** Arguments for a route's `headers` export on a normal (non-error) render. */
export const headersArgs = {
  loaderHeaders: new Headers(),
  parentHeaders: new Headers(),
  actionHeaders: new Headers(),
  errorHeaders: undefined,
}

function withCookie(headers: Record<string, string> = {}, cookie?: string): Record<string, string> {
  return cookie ? { ...headers, cookie } : headers
}

function formBody(fields: Exclude<FormFields, string | FormData>): URLSearchParams {
  if (Array.isArray(fields)) return new URLSearchParams(fields)
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    for (const item of [value].flat()) body.append(name, String(item))
  }
  return body
}
