/** Answers every `fetch` with the given JSON (jsdom has no `Response`). */
export function stubFetchJson(data: unknown): void {
  global.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => data,
  })) as unknown as typeof fetch;
}
