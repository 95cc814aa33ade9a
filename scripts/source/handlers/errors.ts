/** Handler outcomes the HTTP layer maps to problem responses; handlers know nothing of HTTP. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}
