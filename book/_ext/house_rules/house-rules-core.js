// The house-rules form's logic: pure functions over the data skitgubbe/rules/export.py writes
// (house-rules-data.json). No DOM here: tests/test_house_rules.py runs this module in node and compares
// every answer with the engine's (skitgubbe.rules.export).

/** The option values of a preset, as {option: value}. */
export function presetValues(data, name) {
  const values = data.presets[name];
  if (!values) throw new Error(`unknown preset ${JSON.stringify(name)}`);
  return { ...values };
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
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** "rules=" + base64url (no padding) of the compact JSON of rulesSpec. */
export function urlFragment(data, values, base) {
  return "rules=" + b64url(JSON.stringify(rulesSpec(data, values, base)));
}

/** Check a rules object field by field; returns {base, values} or throws an Error naming the field. */
export function fromSpec(data, spec) {
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) throw new Error("rules: not an object");
  const base = spec.preset === undefined ? "pagat" : spec.preset;
  if (!(base in data.presets)) throw new Error(`field 'preset': ${JSON.stringify(base)} is not a preset`);
  const values = presetValues(data, base);
  for (const [name, value] of Object.entries(spec)) {
    if (name === "preset") continue;
    if (!data.order.includes(name)) throw new Error(`unknown field '${name}'`);
    if (!data.value_order[name].includes(value)) throw new Error(`field '${name}' cannot be ${JSON.stringify(value)}`);
    values[name] = value;
  }
  return { base, values };
}

/** The preset and values of a "#rules=..." address (throws an Error naming what is wrong). */
export function fromUrlFragment(data, fragment) {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith("rules=")) throw new Error("the address has no 'rules=' part");
  let spec;
  try {
    spec = JSON.parse(fromB64url(text.slice("rules=".length)));
  } catch (error) {
    throw new Error(`the 'rules=' part is not base64url JSON (${error.message})`);
  }
  return fromSpec(data, spec);
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
