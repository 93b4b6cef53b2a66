// One DOM builder for every script of the front end (the table, the answer widget, the live page, the house rules):
// h(tag, attrs, ...children). An attribute `class` is the class name, `text` the text, `on<event>` a listener;
// true is an empty attribute, false / null / undefined leave it out. Children are nodes or text (numbers as
// text); arrays are flattened, null / undefined / false left out.

/** @typedef {string | number | Node | null | undefined | false | readonly any[]} Child */

/** An element `tag` with `attrs` and `children`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, any>} [attrs] @param {...Child} children @returns {HTMLElementTagNameMap[K]} */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of /** @type {Child[]} */ (children).flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Put `nodes` in `region` unless it already says the same: a live region (aria-live, a status) is read out again
 * on every change, so a redraw that says nothing new must not touch it. Returns whether it changed.
 * @param {Element} region @param {...(Node | string)} nodes @returns {boolean} */
export function replaceIfChanged(region, ...nodes) {
  const text = nodes.map((n) => (typeof n === "string" ? n : n.textContent || "")).join("");
  if (region.textContent === text) return false;
  region.replaceChildren(...nodes);
  return true;
}

/** Make `region`'s children `nodes`, keeping every child that is equal to the node in its place (`isEqualNode`) and
 * putting in only the others. In a live region that is not atomic a screen reader reads out what was put in, so a
 * line that stays (the last move, when the game's end is added above it) is not read again. Returns whether
 * anything changed.
 * @param {Element} region @param {...Node} nodes @returns {boolean} */
export function patchChildren(region, ...nodes) {
  const old = [...region.childNodes];
  let at = 0;
  let changed = false;
  for (const node of nodes) {
    const same = old.findIndex((child, i) => i >= at && child.isEqualNode(node));
    if (same >= 0) {
      for (const gone of old.slice(at, same)) gone.remove();
      changed ||= same > at;
      at = same + 1;
    } else {
      region.insertBefore(node, old[at] ?? null);
      changed = true;
    }
  }
  for (const gone of old.slice(at)) gone.remove();
  return changed || old.length > at;
}

/** `node`'s text, set only if it changed (see replaceIfChanged). @param {Node} node @param {string} text */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** A checkbox with its label; `onchange` gets whether it is checked.
 * @param {string} label @param {(on: boolean) => void} onchange @param {boolean} [checked] @returns {HTMLElement} */
export function toggle(label, onchange, checked = false) {
  const input = h("input", { type: "checkbox", onchange: (/** @type {Event} */ e) => onchange(/** @type {HTMLInputElement} */ (e.target).checked) });
  input.checked = checked;
  return h("label", { class: "sgt-toggle" }, input, " ", label);
}

/** Offer `data` (an object, or JSON text as it is) as a file named `name` (a Blob: nothing leaves the page).
 * @param {unknown} data @param {string} name */
export function saveJSON(data, name) {
  const text = typeof data === "string" ? data : JSON.stringify(data, null, 1) + "\n";
  const blob = new Blob([text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
