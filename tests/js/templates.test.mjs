// The message templates of the reader's table (skitgubbe/views/table.js): `fill` puts values in `{key}` slots
// and `genitive` names a player's hand by the language's rule (words.genitive: "sv" or the English default).
import assert from "node:assert/strict";
import { test } from "node:test";

import { fill, genitive } from "../../skitgubbe/views/table.js";
import { seeded } from "./random.mjs";

test("fill puts each value in every slot of its key", () => {
  assert.equal(fill("{i} of {n}", { i: 3, n: 12 }), "3 of 12");
  assert.equal(fill("{a}-{a}-{b}", { a: "x", b: 0 }), "x-x-0");
  assert.equal(fill("Stick {n} av {n}", { n: 1 }), "Stick 1 av 1");
});

test("fill leaves text with no slot alone and never expands a value a second time", () => {
  assert.equal(fill("no slots { } {}", { n: 1 }), "no slots { } {}");
  assert.equal(fill("{a}", { a: "{b}", b: "wrong" }), "{b}");
  assert.equal(fill("{card} → {place}", { card: "♥ 10", place: "talongen" }), "♥ 10 → talongen");
});

test("fill on random templates (seeded): each slot gets its own value, the rest of the text is kept", () => {
  const random = seeded(7);
  const keys = ["n", "i", "name", "card", "place"];
  for (let round = 0; round < 300; round++) {
    const parts = [];
    const expected = [];
    const values = Object.fromEntries(keys.map((k) => [k, `<${k}${round}>`]));
    for (let p = Math.floor(random() * 6); p > 0; p--) {
      const key = keys[Math.floor(random() * keys.length)];
      const text = " och ".repeat(Math.floor(random() * 2)) + "text ";
      parts.push(text, `{${key}}`);
      expected.push(text, values[key]);
    }
    assert.equal(fill(parts.join(""), values), expected.join(""), `seed 7 round ${round}`);
  }
});

test("the English genitive is 's for every name", () => {
  assert.equal(genitive("Anna", "en"), "Anna's");
  assert.equal(genitive("Lars", undefined), "Lars's");
  assert.equal(genitive("A", "en"), "A's");
});

test("the Swedish genitive: :s after a short code, nothing after s, x or z, else s", () => {
  assert.equal(genitive("A", "sv"), "A:s");
  assert.equal(genitive("ÅSA", "sv"), "ÅSA:s");
  assert.equal(genitive("B2", "sv"), "B2:s");
  assert.equal(genitive("Anna", "sv"), "Annas");
  assert.equal(genitive("Lars", "sv"), "Lars");
  assert.equal(genitive("Max", "sv"), "Max");
  assert.equal(genitive("Inez", "sv"), "Inez");
  assert.equal(genitive("Örjan", "sv"), "Örjans");
});
