// The house-rules form's logic: pure functions over the data skitgubbe/rules/export.py writes
// (house-rules-data.json). No DOM here: tests/rules/test_house_rules.py runs this module in node and compares
// every answer with the engine's (skitgubbe.rules.export).

import { fill } from "./template.js"; // the table's template filler

// Every lookup by a name that may come from an address is of an own property: `constructor`, `__proto__`,
// `toString` or `hasOwnProperty` are no preset and no option, though every object inherits them.
const own = (object, key) => typeof key === "string" && Object.hasOwn(object, key);

/** A house-rules address that cannot be read: `key` names its sentence in data.words, `params` its values (an
 * option's name, a value as the address wrote it); `explain` words it in the page's language. */
export class AddressError extends Error {
  constructor(key, params = {}) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = "AddressError";
    this.key = key;
    this.params = params;
  }
}

/** An AddressError in `lang` (an option named by its label on the form); any other error as it is. */
export function explain(data, error, lang) {
  if (!(error instanceof AddressError)) return String(error?.message ?? error);
  const words = data.words[lang];
  const template = own(words, error.key) ? words[error.key] : error.key;
  const quote = (text) => (lang === "sv" ? `”${text}”` : `“${text}”`);
  /** @type {Record<string, string>} */
  const said = {};
  for (const [name, value] of Object.entries(error.params)) {
    const o = name === "option" ? option(data, value) : null;
    said[name] = quote(o ? o.label[lang] : typeof value === "string" ? value : JSON.stringify(value));
  }
  return fill(template, said);
}

/** The option values of a preset, as {option: value}. */
export function presetValues(data, name) {
  if (!own(data.presets, name)) throw new AddressError("address_preset", { preset: name });
  return { ...data.presets[name] };
}

/** The mixed-radix number of a combination (options in data.order, values in data.value_order). */
export function comboIndex(data, values) {
  let index = 0;
  for (const name of data.order) {
    const choices = data.value_order[name];
    const i = choices.indexOf(values[name]);
    if (i < 0) throw new Error(`option ${name}: unknown value ${JSON.stringify(values[name])}`);
    index = index * choices.length + i;
  }
  return index;
}

/** null if the engine accepts the combination, else its reason {en, sv}. */
export function refusal(data, values) {
  const code = data.verdicts[comboIndex(data, values)];
  return code === "0" ? null : data.reasons[data.codes.indexOf(code)];
}

function holds(when, values) {
  return Object.entries(when).every(([name, allowed]) => allowed.includes(values[name]));
}

/** The catalogue rules that hold, by section, in reading order. */
export function activeRules(data, values) {
  const out = Object.fromEntries(data.sections.map((s) => [s, []]));
  for (const c of data.conditions) if (holds(c.when, values)) out[c.section].push(c.rule);
  return out;
}

/** For each option, the holding rules that depend on it (empty: the option is not in play). */
export function optionRules(data, values) {
  const active = new Set(Object.values(activeRules(data, values)).flat());
  const out = {};
  for (const name of data.order) {
    out[name] = data.conditions.filter((c) => name in c.when && active.has(c.rule)).map((c) => c.rule);
  }
  return out;
}

/** {"preset": base, <options that differ from it>}: the rules file / a case file's "rules" object. */
export function rulesSpec(data, values, base) {
  const baseValues = data.presets[base];
  const spec = { preset: base };
  for (const name of data.order) if (baseValues[name] !== values[name]) spec[name] = values[name];
  return spec;
}

function b64url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** "rules=" + base64url (no padding) of the compact JSON of rulesSpec. */
export function urlFragment(data, values, base) {
  return "rules=" + b64url(JSON.stringify(rulesSpec(data, values, base)));
}

/** Check a rules object field by field; returns {base, values} or throws an AddressError naming the field. */
export function fromSpec(data, spec) {
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) throw new AddressError("address_not_object");
  const base = own(spec, "preset") ? spec.preset : "pagat";
  const values = presetValues(data, base);
  for (const [name, value] of Object.entries(spec)) {
    if (name === "preset") continue;
    if (!data.order.includes(name)) throw new AddressError("address_option", { option: name });
    if (!data.value_order[name].includes(value)) throw new AddressError("address_value", { option: name, value });
    values[name] = value;
  }
  return { base, values };
}

// the longest `rules=` part read (a rules object is a few hundred characters; the case reader reads 4 MB at most)
const MAX_RULES_TEXT = 4_000_000;
// an object's keys as the text writes them (a rules object is flat: all its keys are the top level's)
const KEY = /"((?:[^"\\]|\\.)*)"\s*:/g;

/** The preset and values of a "#rules=..." address (throws an AddressError naming what is wrong). An option given
 * twice is refused, as the case reader refuses a key given twice (JSON.parse would keep the last silently). */
export function fromUrlFragment(data, fragment) {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith("rules=")) throw new AddressError("address_no_rules");
  if (text.length > MAX_RULES_TEXT) throw new AddressError("address_size");
  let json;
  let spec;
  try {
    json = fromB64url(text.slice("rules=".length));
    spec = JSON.parse(json);
  } catch {
    throw new AddressError("address_not_json");
  }
  const result = fromSpec(data, spec); // a nested value is refused here: no option has one
  const keys = [...json.matchAll(KEY)].map((m) => JSON.parse(`"${m[1]}"`));
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice !== undefined) throw new AddressError("address_twice", { option: twice });
  return result;
}

/** Rules of the sheet: each section's rules with a `changed` flag (not in the preset's text). */
export function sheet(data, values, base) {
  const active = activeRules(data, values);
  const baseline = activeRules(data, data.presets[base]);
  const baseSet = new Set(Object.values(baseline).flat());
  const nowSet = new Set(Object.values(active).flat());
  const sections = data.sections.map((s) => ({
    section: s,
    rules: active[s].map((id) => ({ id, changed: !baseSet.has(id) })),
  }));
  const dropped = Object.values(baseline)
    .flat()
    .filter((id) => !nowSet.has(id));
  const perOption = optionRules(data, values);
  const unused = data.order.filter((name) => perOption[name].length === 0);
  return { sections, dropped, unused };
}

function option(data, name) {
  return data.options.find((o) => o.name === name);
}

/** The composed rules as plain text: line for line what skitgubbe.rules.export.composed_text gives. */
export function composedText(data, values, lang, base) {
  const w = data.words[lang];
  const s = sheet(data, values, base);
  const text = (id) => data.catalogue[id][lang];
  const lines = [`${w.title} (${w.based_on} ${base})`];
  for (const { section, rules } of s.sections) {
    lines.push("", w[section]);
    for (const r of rules) lines.push(`- ${text(r.id)} (${r.id})${r.changed ? ` [${w.differs}]` : ""}`);
  }
  if (s.dropped.length) {
    lines.push("", w.dropped);
    for (const id of s.dropped) lines.push(`- ${text(id)} (${id})`);
  }
  if (s.unused.length) {
    lines.push("", w.not_in_play);
    for (const name of s.unused) {
      const o = option(data, name);
      lines.push(`- ${o.label[lang]}: ${o.rules.join(", ")}`);
    }
  }
  return lines.join("\n");
}

/** The label of an option's value, in `lang` (yes/no for a bool). */
export function valueLabel(data, name, value, lang) {
  const o = option(data, name);
  const v = o.values.find((x) => x.value === value);
  return v ? v.label[lang] : String(value);
}

/** The options whose value differs from the preset `base`: [{name, label, value}] in the form's order. */
export function changedOptions(data, values, base, lang) {
  const baseValues = data.presets[base];
  return data.options
    .filter((o) => baseValues[o.name] !== values[o.name])
    .map((o) => ({ name: o.name, label: o.label[lang], value: valueLabel(data, o.name, values[o.name], lang) }));
}

/** The one-page quick reference of a combination (quickref.md in either edition, opened with "#rules="): what it shows
 * (the preset, the options changed from it), then each section's rules in play with their sentences, each
 * flagged `changed` when the preset's text does not have it; `dropped` counts the preset's rules that no
 * longer hold. Only rules in play: the options not in play are on the house-rules page. */
export function quickSheet(data, values, base, lang) {
  const s = sheet(data, values, base);
  return {
    base,
    changes: changedOptions(data, values, base, lang),
    sections: s.sections.map(({ section, rules }) => ({
      section,
      heading: data.words[lang][section],
      rules: rules.map((r) => ({ id: r.id, changed: r.changed, text: data.catalogue[r.id][lang] })),
    })),
    dropped: s.dropped.length,
  };
}
