// A stand-in for fetch in API tests: answers from a function and records what was sent.

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  bodyText: string;
  /** The body parsed as multipart or urlencoded form data. */
  formData(): Promise<FormData>;
  json(): unknown;
}

export type Answer = (call: number, request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Like a real fetch, it reads the request body (ky waits for the body of a request it cloned for
 * retries to be consumed or cancelled).
 */
export function fakeFetch(answer: Answer = () => jsonResponse(200, {})) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const bodyText = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      bodyText,
      formData: () =>
        new Request(request.url, { method: 'POST', headers: request.headers, body: bodyText }).formData(),
      json: () => JSON.parse(bodyText),
    };
    requests.push(recorded);
    return answer(requests.length, recorded);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
