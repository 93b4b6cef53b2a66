// Cards: a deck of pictures (the SVG render.py draws, one <template> per card), a fan of cards, the hand order.
import { h } from "./dom.js";

export function makeDeck(pictures) {
  const templates = new Map();
  return (code, extra = "") => {
    const key = code in pictures ? code : "back";
    let tpl = templates.get(key);
    if (!tpl) {
      tpl = document.createElement("template");
      tpl.innerHTML = pictures[key] || "";
      templates.set(key, tpl);
    }
    const svg = tpl.content.firstElementChild.cloneNode(true);
    if (key === "back") svg.setAttribute("data-card", "back");
    svg.classList.add("sgt-card");
    if (extra) for (const c of extra.split(" ")) if (c) svg.classList.add(c);
    return svg;
  };
}

/** @typedef {{ pattern: RegExp | null, names: Map<string, string>, byCode: Map<string, string> }} CardNames */

/** A card's name and symbol read from the deck's pictures (each SVG's aria-label, its first text the rank letter):
 * the narration says a card by the name its button has (`ruter knekt`), not by its symbol alone (`♦Kn`).
 * @param {Record<string, string>} pictures @returns {CardNames} */
export function cardNames(pictures) {
  const names = new Map();
  const byCode = new Map();
  const parse = document.createElement("template");
  for (const [code, svg] of Object.entries(pictures || {})) {
    if (code === "back" || !SUIT_SYMBOL[code.slice(-1)]) continue;
    parse.innerHTML = svg;
    const pic = parse.content.firstElementChild;
    const letter = pic && pic.querySelector("text");
    const name = pic && pic.getAttribute("aria-label");
    if (!letter || !name) continue;
    names.set(SUIT_SYMBOL[code.slice(-1)] + letter.textContent.trim(), name);
    byCode.set(code, name);
  }
  // the longest symbols first: "♠10" before "♠1", "♠Kn" before "♠K"
  const keys = [...names.keys()].sort((a, b) => b.length - a.length).map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return { pattern: keys.length ? new RegExp(`(${keys.join("|")})`, "gu") : null, names, byCode };
}

/** `text` with each card symbol in it shown as it is and said by its name (the symbol hidden from a screen reader,
 * the name visually hidden): what a screen reader reads of a move is what it reads on the card's button.
 * @param {string} text @param {CardNames | undefined} said
 * @returns {(string | Node)[]} */
export function spoken(text, said) {
  if (!said || !said.pattern || !text) return [text];
  const out = [];
  let at = 0;
  for (const match of text.matchAll(said.pattern)) {
    const index = match.index ?? 0;
    if (index > at) out.push(text.slice(at, index));
    out.push(h("span", { class: "sgt-cardref" }, h("span", { "aria-hidden": "true", text: match[0] }), h("span", { class: "sgt-sr", text: said.names.get(match[0]) })));
    at = index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

export function fan(cards, label, cls = "") {
  return h("span", { class: `sgt-fan ${cls}`, role: "group", "aria-label": label }, cards.map((c) => h("span", { class: "sgt-slot" }, c)));
}

// The one hand order, the engine's (skitgubbe/engine/cards.py sort_hand, which render.py and the CLI use): by suit
// in the order of its Suit (clubs, diamonds, hearts, spades), the trump suit last, each suit from 2 up to ace.
// tests/views/test_hand_order.py runs this in node on random hands and compares it with the engine's.
export const SUIT_ORDER = ["C", "D", "H", "S"];
/** The suits' symbols (the same in every language: `skitgubbe/engine/cards.py` Suit.symbol). */
export const SUIT_SYMBOL = /** @type {Record<string, string>} */ ({ C: "♣", D: "♦", H: "♥", S: "♠" });
export const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
/** A copy of `codes` in the hand order. @param {readonly string[]} codes @param {string | null} trump @returns {string[]} */
export function sortHand(codes, trump) {
  const suits = trump ? [...SUIT_ORDER.filter((s) => s !== trump), trump] : SUIT_ORDER;
  const key = (code) => suits.indexOf(code.slice(-1)) * 100 + RANK_ORDER.indexOf(code.slice(0, -1));
  return [...codes].sort((a, b) => key(a) - key(b));
}
