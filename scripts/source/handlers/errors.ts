/** Handler outcomes the HTTP layer maps to error answers; handlers know nothing of HTTP. */
export type MissingThing = 'content item' | 'media item' | 'content type' | 'media type';

export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  readonly missing: MissingThing;
  constructor(message: string, missing: MissingThing) {
    super(message);
    this.missing = missing;
  }
}
