/** Every API error body (DESIGN §4): a message, and per-field messages for bad input. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
  /**
   * A stable code on the errors a client may handle by itself: 503 DATABASE_UNAVAILABLE / DATABASE_BUSY /
   * SERVER_BUSY (try again later, see Retry-After), 507 STORAGE_FULL, 403 PHOTO_QUOTA_EXCEEDED.
   */
  code?: string;
}
