/**
 * For a query's `refetchOnMount`: true when its answer is kept from an earlier visit (restored from the phone,
 * offline/query-persistence.ts), false when it was asked since this page opened, so it is asked again only in the
 * first case. Both are epoch milliseconds.
 */
export const askedBeforeThisPage = (query: { state: { dataUpdatedAt: number } }): boolean =>
  query.state.dataUpdatedAt < performance.timeOrigin;
