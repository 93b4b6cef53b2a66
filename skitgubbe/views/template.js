// One template filler for every script: `fill("{n} cards", { n: 3 })`. A slot with no value is a mistake of the
// program (a word's template and its caller disagree), never the reader's: in development (the unit tests, or a
// page with `globalThis.SKITGUBBE_STRICT_TEMPLATES = true`) it throws a TemplateError naming the template and the
// key; on a reader's page it is reported once on the console and the slot is left empty, so no `{key}` is shown.

/** A template's slot that has no value. */
export class TemplateError extends Error {
  /** @param {string} template @param {string} key */
  constructor(template, key) {
    super(`template ${JSON.stringify(template)} has no value for {${key}}`);
    this.name = "TemplateError";
    this.template = template;
    this.key = key;
  }
}

let strict = false;
/** @type {Set<string>} */
const reported = new Set();

/** Make a missing key throw (true: development, the unit tests) or be left empty and reported (false).
 * @param {boolean} on */
export function strictTemplates(on) {
  strict = on;
}

const isStrict = () => strict || /** @type {any} */ (globalThis).SKITGUBBE_STRICT_TEMPLATES === true;

/** Fill a message's `{key}` slots from `params` (own keys only: a template cannot reach `{constructor}`).
 * @param {string} template @param {Readonly<Record<string, unknown>>} params @returns {string} */
export function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => {
    const value = Object.hasOwn(params, key) ? params[key] : undefined;
    if (value !== undefined && value !== null) return String(value);
    const error = new TemplateError(template, key);
    if (isStrict()) throw error;
    if (!reported.has(error.message)) {
      reported.add(error.message);
      console.error(error);
    }
    return "";
  });
}

/** "A:s hand", "dator B:s hand", "Annas hand", "Lars hand" (sv) / "A's hand" (en): `rule` is the words' `genitive` (the language).
 * @param {string} name @param {string | undefined} rule @returns {string} */
export function genitive(name, rule) {
  if (rule !== "sv") return `${name}'s`;
  if (/(^|\s)[A-ZÅÄÖ0-9]{1,3}$/.test(name)) return `${name}:s`;
  return /[sxz]$/i.test(name) ? name : `${name}s`;
}

/** A template with a player's name: `{name}` and its genitive `{gen}`.
 * @param {{ genitive?: string }} w @param {string} template @param {string} name @returns {string} */
export const named = (w, template, name) => fill(template, { name, gen: genitive(name, w.genitive) });
