/**
 * The address of a result on the search page: through /search/open, which counts the open for the query and sends
 * the visitor on to the product's page (app/routes/search.open.ts, docs/decisions/085).
 */
export const openFromSearchHref = (query: string, asin: string) =>
  `/search/open?${new URLSearchParams({ q: query, asin })}`
