// The play page's "#rules=" door (skitgubbe/views/rules-address.mjs houseRulesOf): an address with no rules
// gives null, a good one its rules object; anything else (bad percent-escapes, bytes that are no UTF-8, lone
// surrogates, text that is no JSON, a list, a nested value, a key twice, a huge address) is refused with an Error
// whose message is one of the page's own sentences (never the browser's English), whatever random bytes come.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_RULES_TEXT, houseRulesOf } from "../../skitgubbe/views/rules-address.mjs";
import { strictTemplates } from "../../skitgubbe/views/template.js";
import { seeded } from "./random.mjs";

strictTemplates(true);
const SAID = {
  bad_house_rules_json: "rules=: not base64url JSON",
  bad_house_rules_bytes: "rules=: the address holds bytes that are not UTF-8 text",
  bad_house_rules_object: "rules=: not a JSON object",
  bad_house_rules_preset: "rules=: 'preset' must be a preset's name",
  bad_house_rules_value: "rules=: {option} must be a word or yes/no, not a list or an object",
  bad_house_rules_twice: "rules=: {option} is given twice",
  bad_house_rules_size: "rules=: the address is too long",
};
const b64 = (bytes) => Buffer.from(bytes).toString("base64url");
const address = (text) => "#rules=" + b64(Buffer.from(text, "utf8"));

/** The sentence `hash` is refused with (fails on acceptance or on any message that is not one of the page's). */
function refused(hash) {
  try {
    houseRulesOf(hash, SAID);
  } catch (error) {
    const sentences = Object.values(SAID).map((t) => t.replace(/\{option\}.*$/, ""));
    assert.ok(sentences.some((t) => String(error.message).startsWith(t)), `not the page's words: ${error.message}`);
    return error.message;
  }
  assert.fail(`accepted ${hash.slice(0, 80)}`);
}

test("no rules in the address: null; a good address: its rules object", () => {
  assert.equal(houseRulesOf("", SAID), null);
  assert.equal(houseRulesOf("#case=abc", SAID), null);
  assert.deepEqual(houseRulesOf(address('{"preset":"strikt","stunsa":false}'), SAID), { preset: "strikt", stunsa: false });
  assert.deepEqual(houseRulesOf("#case=x&" + address('{"trumps":"first"}').slice(1), SAID), { trumps: "first" });
});

test("each kind of bad address is refused in the page's own sentence", () => {
  assert.equal(refused("#rules=%FF%FE"), SAID.bad_house_rules_json);
  assert.equal(refused("#rules=" + b64([0xff, 0xfe, 0xc0])), SAID.bad_house_rules_bytes);
  assert.equal(refused("#rules=" + b64([0xed, 0xa0, 0x80])), SAID.bad_house_rules_bytes); // a lone surrogate's bytes
  assert.equal(refused(address("not json")), SAID.bad_house_rules_json);
  assert.equal(refused(address("[1,2]")), SAID.bad_house_rules_object);
  assert.equal(refused(address('{"stunsa":{"a":1}}')), "rules=: stunsa must be a word or yes/no, not a list or an object");
  assert.equal(refused(address('{"stunsa":true,"stunsa":false}')), "rules=: stunsa is given twice");
  assert.equal(refused(address('{"preset":3}')), SAID.bad_house_rules_preset);
  assert.equal(refused("#rules=" + "A".repeat(MAX_RULES_TEXT + 1)), SAID.bad_house_rules_size);
});

test("random bytes and random text (seeded): null, a flat object or the page's sentence, never another error", () => {
  const random = seeded(5);
  for (let round = 0; round < 2000; round++) {
    const bytes = Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256));
    const forms = [
      "#rules=" + b64(bytes),
      "#rules=" + bytes.map((b) => "%" + b.toString(16).padStart(2, "0")).join(""),
      "#rules=" + String.fromCharCode(...bytes.map((b) => b * 250)),
    ];
    for (const hash of forms) {
      let spec;
      try {
        spec = houseRulesOf(hash, SAID);
      } catch {
        refused(hash);
        continue;
      }
      assert.ok(spec !== null && typeof spec === "object" && !Array.isArray(spec), `seed 5 round ${round}`);
      assert.ok(Object.values(spec).every((v) => v === null || typeof v !== "object"), `seed 5 round ${round}`);
    }
  }
});
