// Reads the committed Flink vectors (tests/vectors/keys.tsv) for the browser specs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const path = fileURLToPath(new URL('../../tests/vectors/keys.tsv', import.meta.url));

/** Rows as objects keyed by the header; string keys decoded from UTF-16 hex. */
export function vectorRows() {
  const [header, ...lines] = readFileSync(path, 'utf8').trimEnd().split('\n');
  const names = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    const row = Object.fromEntries(names.map((n, i) => [n, cells[i]]));
    row.text = row.type === 'string'
      ? (row.key === '' ? '' : String.fromCharCode(...row.key.split('.').map((h) => parseInt(h, 16))))
      : row.key;
    return row;
  });
}

/** True when a JS string is well-formed UTF-16 (no lone surrogates). */
export function wellFormed(text) {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}
