// The play page's `#rules=` door, without the DOM: the address's base64url JSON of a rules object is decoded on
// purpose (strict UTF-8, one JSON object, flat, each key once, at most MAX_RULES_TEXT long) and anything else is
// refused with an Error saying what is wrong in the page's words (a panel's live words). The engine checks the
// names and values after it; tests/js/play-rules-address.test.mjs feeds it random bytes.
import { fill } from "./template.js";

/** The bytes of base64url `text` (padding optional); throws on a character base64url has not.
 * @param {string} text @returns {Uint8Array} */
export function base64urlBytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

// the longest `rules=` part read (a rules object is a few hundred characters; the case reader's limit is 4 MB)
export const MAX_RULES_TEXT = 4_000_000;
// an object's keys as the text writes them (a rules object is flat: its keys are the top level's)
const KEY = /"((?:[^"\\]|\\.)*)"\s*:/g;

/** The rules object of `#rules=` (null when the address has none); throws an Error saying what is wrong, in the
 * page's words `said` (a panel's live words). A rules object is flat: a preset's name and options whose values
 * are words, yes/no or numbers, each given once (the engine then checks the names and values); anything nested is
 * refused here, before it could reach the engine's worker. */
export function houseRulesOf(hash, said) {
  const match = /(?:^#|&)rules=([^&]*)/.exec(hash ?? "");
  if (!match) return null;
  if (match[1].length > MAX_RULES_TEXT) throw new Error(said.bad_house_rules_size);
  // each step refused in the page's own words (never the browser's English message)
  let bytes;
  try {
    bytes = base64urlBytes(match[1]); // a percent-escape (%FF%FE) or any other character is no base64url
  } catch {
    throw new Error(said.bad_house_rules_json);
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(said.bad_house_rules_bytes);
  }
  let spec;
  try {
    spec = JSON.parse(text);
  } catch {
    throw new Error(said.bad_house_rules_json);
  }
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) throw new Error(said.bad_house_rules_object);
  for (const [option, value] of Object.entries(spec)) {
    if (value !== null && typeof value === "object") throw new Error(fill(said.bad_house_rules_value, { option }));
  }
  const keys = [...text.matchAll(KEY)].map((m) => JSON.parse(`"${m[1]}"`));
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice !== undefined) throw new Error(fill(said.bad_house_rules_twice, { option: twice }));
  const preset = Object.hasOwn(spec, "preset") ? spec.preset : "pagat";
  if (typeof preset !== "string") throw new Error(said.bad_house_rules_preset);
  return spec;
}

