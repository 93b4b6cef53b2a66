// A tiny document for running the board's drawing (skitgubbe/views/board.js, dom.js, cards.js) in node: elements
// with attributes, children and text, serialized as HTML (`outerHTML`). A <template>'s innerHTML keeps one element
// (a card's SVG): its opening tag's attributes are parsed, its content kept as written. No events, no layout.
// Used by board-html.mjs (tests/views/test_board_parity.py), not a test of its own.

const escapeText = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s) => escapeText(s).replace(/"/g, "&quot;");

export class Node {}

export class Text extends Node {
  constructor(data) {
    super();
    this.data = String(data);
  }
  get textContent() {
    return this.data;
  }
  get outerHTML() {
    return escapeText(this.data);
  }
  cloneNode() {
    return new Text(this.data);
  }
}

export class Element extends Node {
  constructor(tag) {
    super();
    this.tagName = tag;
    this.attributes = new Map();
    this.childNodes = [];
    this.raw = null; // content kept as written (a card's SVG)
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  removeAttribute(name) {
    this.attributes.delete(name);
  }
  get className() {
    return this.getAttribute("class") || "";
  }
  set className(value) {
    this.setAttribute("class", value);
  }
  get classList() {
    return {
      add: (...names) => {
        const have = this.className.split(/\s+/).filter(Boolean);
        for (const n of names) if (!have.includes(n)) have.push(n);
        this.className = have.join(" ");
      },
    };
  }
  addEventListener() {}
  append(...nodes) {
    for (const n of nodes) this.childNodes.push(n instanceof Node ? n : new Text(n));
  }
  get firstElementChild() {
    return this.childNodes.find((n) => n instanceof Element) || null;
  }
  get textContent() {
    return this.childNodes.map((n) => n.textContent).join("");
  }
  set textContent(value) {
    this.childNodes = value === "" ? [] : [new Text(value)];
  }
  cloneNode(deep) {
    const copy = new Element(this.tagName);
    copy.attributes = new Map(this.attributes);
    copy.raw = this.raw;
    if (deep) copy.childNodes = this.childNodes.map((n) => n.cloneNode(true));
    return copy;
  }
  get outerHTML() {
    const attrs = [...this.attributes].map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join("");
    const inner = this.raw !== null ? this.raw : this.childNodes.map((n) => n.outerHTML).join("");
    return `<${this.tagName}${attrs}>${inner}</${this.tagName}>`;
  }
}

class Template extends Element {
  constructor() {
    super("template");
    this.content = new Element("#fragment");
  }
  set innerHTML(html) {
    const m = /^<([\w-]+)((?:\s+[\w:-]+="[^"]*")*)\s*>([\s\S]*)<\/\1>\s*$/.exec(html.trim());
    if (!m) throw new Error(`dom-stub: a template holds one element, not ${html.slice(0, 60)}`);
    const el = new Element(m[1]);
    for (const a of m[2].matchAll(/([\w:-]+)="([^"]*)"/g)) el.setAttribute(a[1], a[2].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"));
    el.raw = m[3];
    this.content.childNodes = [el];
  }
}

/** Put the stub in place of the browser's `document` and `Node` (globalThis). */
export function installDocument() {
  globalThis.Node = /** @type {any} */ (Node);
  globalThis.document = /** @type {any} */ ({
    createElement: (tag) => (tag === "template" ? new Template() : new Element(tag)),
    createTextNode: (text) => new Text(text),
  });
}
