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

export function fan(cards, label, cls = "") {
  return h("span", { class: `sgt-fan ${cls}`, role: "group", "aria-label": label }, cards.map((c) => h("span", { class: "sgt-slot" }, c)));
}

// The one hand order, the engine's (skitgubbe/engine/cards.py sort_hand, which render.py and the CLI use): by suit
// in the order of its Suit (clubs, diamonds, hearts, spades), the trump suit last, each suit from 2 up to ace.
// tests/views/test_hand_order.py runs this in node on random hands and compares it with the engine's.
export const SUIT_ORDER = ["C", "D", "H", "S"];
export const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
/** A copy of `codes` in the hand order. @param {readonly string[]} codes @param {string | null} trump @returns {string[]} */
export function sortHand(codes, trump) {
  const suits = trump ? [...SUIT_ORDER.filter((s) => s !== trump), trump] : SUIT_ORDER;
  const key = (code) => suits.indexOf(code.slice(-1)) * 100 + RANK_ORDER.indexOf(code.slice(0, -1));
  return [...codes].sort((a, b) => key(a) - key(b));
}
