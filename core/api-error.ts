/** Every API error body (DESIGN §4): a message, and per-field messages for bad input. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}
