// The answers kept in this browser (skitgubbe/views/progress.js parseAnswers): whatever localStorage holds (another
// version's data, a hand edit, random bytes, a huge text), only the well-formed entries are kept and the rest is
// said to be unreadable; nothing throws, and what is kept is exactly the good part.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_ENTRIES, MAX_STORED, parseAnswers } from "../../skitgubbe/views/progress.js";
import { seeded } from "./random.mjs";

const plain = (answers) => ({ ...answers });

test("nothing kept is no problem; good answers are kept as they are", () => {
  assert.deepEqual(plain(parseAnswers(null).answers), {});
  assert.equal(parseAnswers(null).unreadable, false);
  const read = parseAnswers(JSON.stringify({ "p1-01": 0, "p2-05-cannot-beat": 2 }));
  assert.deepEqual(plain(read.answers), { "p1-01": 0, "p2-05-cannot-beat": 2 });
  assert.equal(read.unreadable, false);
});

test("not JSON, not an object, too long: nothing kept, said unreadable", () => {
  for (const text of ["", "{", "%FF%FE", "\uD800", "[1,2]", "null", "3", '"text"', "true", "x".repeat(MAX_STORED + 1), 42, {}]) {
    const read = parseAnswers(text);
    assert.deepEqual(plain(read.answers), {}, String(text).slice(0, 40));
    assert.equal(read.unreadable, true, String(text).slice(0, 40));
  }
});

test("wrong entries are dropped and said, the good ones kept (progress is never wiped by a bad one)", () => {
  const text = JSON.stringify({
    good: 1,
    negative: -1,
    fraction: 1.5,
    text: "2",
    nested: { a: 1 },
    list: [1],
    nothing: null,
    huge: 2 ** 60,
    ["x".repeat(201)]: 0,
    "\uD800lone": 0,
    also: 0,
  });
  const read = parseAnswers(text);
  assert.deepEqual(plain(read.answers), { good: 1, also: 0 });
  assert.equal(read.unreadable, true);
});

test("hostile names find no inherited value and change no prototype", () => {
  const read = parseAnswers('{"__proto__": 3, "constructor": 1, "toString": 2}');
  assert.equal(Object.getPrototypeOf(read.answers), null);
  assert.deepEqual(Object.keys(read.answers).sort(), ["__proto__", "constructor", "toString"]);
  assert.equal(({}).polluted, undefined);
  assert.equal(parseAnswers("{}").answers.toString, undefined);
});

test("at most MAX_ENTRIES answers are kept", () => {
  const many = Object.fromEntries(Array.from({ length: MAX_ENTRIES + 5 }, (_, i) => [`e${i}`, 0]));
  const read = parseAnswers(JSON.stringify(many));
  assert.equal(Object.keys(read.answers).length, MAX_ENTRIES);
  assert.equal(read.unreadable, true);
});

test("random bytes and random JSON (seeded): never a throw; kept entries are exactly the good ones", () => {
  const random = seeded(42);
  const pick = (items) => items[Math.floor(random() * items.length)];
  for (let round = 0; round < 3000; round++) {
    let text;
    if (round % 2) {
      // random code units, lone surrogates and all
      text = String.fromCharCode(...Array.from({ length: Math.floor(random() * 60) }, () => Math.floor(random() * 0x10000)));
    } else {
      const entries = Array.from({ length: Math.floor(random() * 8) }, (_, i) => [
        pick([`e${i}`, "", "\uDC00", "__proto__", `p${round}-${i}`]),
        pick([0, 3, -2, 0.5, "1", null, [], {}, true, 2 ** 53]),
      ]);
      text = "{" + entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",") + "}";
    }
    const read = parseAnswers(text);
    for (const [id, chosen] of Object.entries(read.answers)) {
      assert.ok(id.length > 0 && id.isWellFormed() && Number.isSafeInteger(chosen) && chosen >= 0, `seed 42 round ${round}`);
    }
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      assert.equal(read.unreadable, true, `seed 42 round ${round}`);
      continue;
    }
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const good = Object.entries(value).filter(([k, v]) => k.length > 0 && k.length <= 200 && k.isWellFormed() && Number.isSafeInteger(v) && v >= 0);
      assert.deepEqual(plain(read.answers), Object.fromEntries(good), `seed 42 round ${round}`);
      assert.equal(read.unreadable, good.length !== Object.keys(value).length, `seed 42 round ${round}`);
    }
  }
});
