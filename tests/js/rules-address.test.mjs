// The "#rules=" door of the house-rules form (skitgubbe/views/house-rules-core.js fromUrlFragment): any text
// in the address, however broken or hostile, is refused with an AddressError naming its sentence (never another
// error, never a value read half-way); a good address gives its preset and values. The data is a small made-up
// rule table in the shape skitgubbe/rules/export.py writes (tests/rules/test_house_rules.py checks the real one).
import assert from "node:assert/strict";
import { test } from "node:test";

import { AddressError, explain, fromUrlFragment, urlFragment } from "../../skitgubbe/views/house-rules-core.js";
import { seeded } from "./random.mjs";

const DATA = {
  order: ["trumps", "stunsa"],
  value_order: { trumps: ["last", "first"], stunsa: [true, false] },
  options: [{ name: "stunsa", label: { en: "Bounce", sv: "Stunsa" } }],
  presets: { pagat: { trumps: "last", stunsa: true }, strikt: { trumps: "first", stunsa: false } },
  words: {
    en: { address_not_json: "The address's rules cannot be read.", address_option: "No option {option}." },
    sv: { address_not_json: "Adressens regler går inte att läsa.", address_option: "Inget val {option}." },
  },
};
const b64url = (text) => Buffer.from(text, "utf8").toString("base64url");

/** The AddressError key `fragment` is refused with (fails the test on any other outcome). */
function refusedWith(fragment) {
  try {
    fromUrlFragment(DATA, fragment);
  } catch (error) {
    assert.ok(error instanceof AddressError, `not an AddressError for ${JSON.stringify(fragment.slice(0, 80))}: ${error}`);
    return error.key;
  }
  assert.fail(`accepted ${JSON.stringify(fragment.slice(0, 80))}`);
}

test("a good address gives its preset and its values, and round-trips through urlFragment", () => {
  const fragment = "#rules=" + b64url(JSON.stringify({ preset: "strikt", stunsa: true }));
  assert.deepEqual(fromUrlFragment(DATA, fragment), { base: "strikt", values: { trumps: "first", stunsa: true } });
  assert.ok(urlFragment(DATA, { trumps: "first", stunsa: true }, "strikt").startsWith("rules="));
});

test("bad percent-escapes, lone surrogates, bytes that are no UTF-8 and text that is no JSON are refused", () => {
  assert.equal(refusedWith("#rules=%FF%FE"), "address_not_json");
  assert.equal(refusedWith("#rules=\uD800abc"), "address_not_json");
  assert.equal(refusedWith("#rules=" + Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")), "address_not_json");
  assert.equal(refusedWith("#rules=" + b64url("{not json")), "address_not_json");
  assert.equal(refusedWith("#rules=" + b64url('"a string"')), "address_not_object");
  assert.equal(refusedWith("#rules=" + b64url("[1, 2]")), "address_not_object");
  assert.equal(refusedWith("#nothing"), "address_no_rules");
});

test("wrong names and types, a key given twice and a huge address are refused naming the field", () => {
  assert.equal(refusedWith("#rules=" + b64url('{"__proto__": 1}')), "address_option");
  assert.equal(refusedWith("#rules=" + b64url('{"preset": "toString"}')), "address_preset");
  assert.equal(refusedWith("#rules=" + b64url('{"stunsa": "yes"}')), "address_value");
  assert.equal(refusedWith("#rules=" + b64url('{"stunsa": [true]}')), "address_value");
  assert.equal(refusedWith("#rules=" + b64url('{"stunsa": true, "stunsa": false}')), "address_twice");
  assert.equal(refusedWith("#rules=" + "A".repeat(4_000_001)), "address_size");
});

test("random bytes and random text (seeded) are refused with an AddressError, worded in both languages", () => {
  const random = seeded(42);
  for (let round = 0; round < 2000; round++) {
    const size = Math.floor(random() * 64);
    const bytes = Uint8Array.from({ length: size }, () => Math.floor(random() * 256));
    const units = Array.from({ length: size }, () => Math.floor(random() * 0x10000));
    const fragments = ["#rules=" + Buffer.from(bytes).toString("base64url"), "#rules=" + String.fromCharCode(...units)];
    for (const fragment of fragments) {
      const key = refusedWith(fragment);
      for (const lang of ["en", "sv"]) {
        const line = explain(DATA, new AddressError(key), lang);
        assert.equal(typeof line, "string", `seed 42 round ${round}`);
        assert.ok(!line.includes("\n"), `seed 42 round ${round}: one line`);
      }
    }
  }
});

test("an AddressError is worded in the reader's language, with the option named", () => {
  assert.equal(explain(DATA, new AddressError("address_not_json"), "sv"), "Adressens regler går inte att läsa.");
  assert.equal(explain(DATA, new AddressError("address_option", { option: "x" }), "en"), "No option “x”.");
  assert.equal(explain(DATA, new AddressError("address_option", { option: "stunsa" }), "sv"), "Inget val ”Stunsa”.");
});
