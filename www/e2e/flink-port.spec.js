// The plain-JavaScript port in www/flink-port.js gives Flink's answers on every committed
// vector (it is the independent oracle of the browser specs and the JS benchmark baseline).
import { test, expect } from '@playwright/test';
import { vectorRows, wellFormed } from './vectors.js';
import { stringHash, longHash, murmurHash, keyGroup, operatorIndex, dataSkewPercent } from '../flink-port.js';

test('the JS port matches every Flink key vector', () => {
  const rows = vectorRows();
  expect(rows.length).toBeGreaterThan(5000);
  const mismatches = [];
  let checked = 0;
  const check = (what, got, want) => {
    checked++;
    if (String(got) !== want) mismatches.push(`${what}: got ${got}, want ${want}`);
  };
  for (const row of rows) {
    const hash = row.type === 'string' ? stringHash(row.text) : row.type === 'int' ? Number(row.key) | 0 : longHash(row.key);
    const label = `${row.type} ${row.key.slice(0, 40)}`;
    check(`${label} hash`, hash, row.java_hash);
    check(`${label} murmur`, murmurHash(hash), row.murmur);
    for (const [name, value] of Object.entries(row)) {
      const kg = name.match(/^kg@(\d+)$/);
      if (kg) check(`${label} ${name}`, keyGroup(hash, Number(kg[1])), value);
      const op = name.match(/^op@(\d+)\/(\d+)$/);
      if (op) check(`${label} ${name}`, operatorIndex(keyGroup(hash, Number(op[1])), Number(op[2]), Number(op[1])), value);
    }
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
  expect(checked).toBeGreaterThan(90000);
  expect(wellFormed('a')).toBe(true);
});

test('the JS data skew matches Flink\'s own test cases', () => {
  expect(dataSkewPercent([23, 3, 10])).toBe(61);
  expect(dataSkewPercent([300, 0, 0])).toBe(100);
  expect(dataSkewPercent([0, 0, 0])).toBe(0);
  expect(dataSkewPercent([50, 51, 52])).toBe(1);
  expect(dataSkewPercent([5])).toBe(0);
});
