import assert from 'node:assert/strict';

/**
 * Compares a value the service served with the raw value Umbraco's own cache holds. The cache keeps the stored
 * form (JSON as text, decimals as text, dates as UTC timestamps of the wall-clock value); the interface sends JSON
 * parsed, decimals as numbers and dates as ISO 8601 with an offset (UTC by default).
 */
export function assertSameValue(served: unknown, cached: unknown, where: string): void {
  if (typeof cached === 'string' && typeof served === 'number') {
    assert.equal(served, Number(cached), `${where}: decimal`);
  } else if (
    typeof cached === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(cached) &&
    typeof served === 'string' &&
    served !== cached
  ) {
    assert.equal(served, `${cached.slice(0, 19)}+00:00`, `${where}: date`);
  } else if (typeof cached === 'string') {
    assert.deepEqual(served, parsedIfJson(cached), `${where}: text`);
  } else {
    assert.deepEqual(served, cached, `${where}: value`);
  }
}

function parsedIfJson(text: string): unknown {
  const t = text.trim();
  if (!((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']')))) return text;
  try {
    return JSON.parse(t);
  } catch {
    return text;
  }
}
