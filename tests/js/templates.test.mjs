// The one template filler (skitgubbe/views/template.js): `fill` puts values in `{key}` slots, a slot with no value
// is one clear error in development (strict: thrown here) and an empty slot on a reader's page (never `{key}`);
// `genitive` names a player's hand by the language's rule (words.genitive: "sv" or the English default).
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import { TemplateError, fill, genitive, named, strictTemplates } from "../../skitgubbe/views/template.js";
import * as table from "../../skitgubbe/views/table.js";
import { seeded } from "./random.mjs";

beforeEach(() => strictTemplates(true));
afterEach(() => strictTemplates(false));

test("the table's modules use this filler (table.js re-exports it)", () => {
  assert.equal(table.fill, fill);
  assert.equal(table.genitive, genitive);
});

test("a missing key throws in development: one TemplateError naming the template and the key", () => {
  for (const [template, params, key] of [
    ["{n} cards", {}, "n"],
    ["{i} of {n}", { i: 1 }, "n"],
    ["{constructor}", {}, "constructor"], // own keys only: no inherited value fills a slot
    ["{n} cards", { n: undefined }, "n"],
    ["{n} cards", { n: null }, "n"],
  ]) {
    assert.throws(
      () => fill(template, params),
      (error) => error instanceof TemplateError && error.key === key && error.message.includes(JSON.stringify(template)) && error.message.includes(`{${key}}`),
      template,
    );
  }
});

test("a missing key on a reader's page: the slot is left empty (no placeholder) and reported once", () => {
  strictTemplates(false);
  const said = [];
  const original = console.error;
  console.error = (error) => said.push(error);
  try {
    assert.equal(fill("Stick {i} av {n}", { i: 2 }), "Stick 2 av ");
    assert.equal(fill("Stick {i} av {n}", { i: 3 }), "Stick 3 av ");
  } finally {
    console.error = original;
  }
  assert.equal(said.length, 1);
  assert.ok(said[0] instanceof TemplateError && said[0].key === "n");
});

test("named fills the name and its genitive in the words' language", () => {
  assert.equal(named({ genitive: "sv" }, "{gen} hand", "A"), "A:s hand");
  assert.equal(named({ genitive: "sv" }, "{gen} hand", "dator B"), "dator B:s hand"); // a computer's seat at a table
  assert.equal(named({}, "{gen} hand ({name})", "Lars"), "Lars's hand (Lars)");
});

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
