// The checker's editing, without the DOM: where a card can go in a position, which cards each place holds and in
// what order. A case read from a link may hold anything: these look up own properties only (a player named
// "constructor" finds no inherited function) and treat whatever is not a list as an empty one.

export const SUITS = ["C", "D", "H", "S"];
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** `object[key]` if `object` is an object that has `key` itself, else undefined.
 * @param {unknown} object @param {string} key @returns {any} */
export const own = (object, key) => (object !== null && typeof object === "object" && Object.hasOwn(object, key) ? /** @type {any} */ (object)[key] : undefined);
/** `value` if it is a list, else an empty one. @param {unknown} value @returns {any[]} */
export const list = (value) => (Array.isArray(value) ? value : []);

/** The places a card can be put, in the editor's order: each hand; in phase 1 the talon, each player's won cards
 * and set-aside trump card; in phase 2 each player's cards on the table.
 * @param {readonly string[]} players @param {1 | 2} phase @returns {string[]} */
export function destinations(players, phase) {
  const dests = players.map((p) => `hand:${p}`);
  if (phase === 1) {
    dests.push("talon");
    for (const p of players) dests.push(`won:${p}`);
    for (const p of players) dests.push(`trump_card:${p}`);
  } else for (const p of players) dests.push(`table:${p}`);
  return dests;
}

/** The cards of each place (`places`: card -> place, as the controller sends it): every destination, empty or not,
 * then any other place a card is in; a place that is not a text is passed over.
 * @param {readonly string[]} dests @param {unknown} places @returns {Map<string, string[]>} */
export function groupPlaces(dests, places) {
  /** @type {Map<string, string[]>} */
  const groups = new Map(dests.map((d) => [d, []]));
  const entries = places !== null && typeof places === "object" ? Object.entries(places) : [];
  for (const [code, where] of entries) {
    if (typeof where !== "string") continue;
    const group = groups.get(where) || [];
    group.push(code);
    groups.set(where, group);
  }
  return groups;
}

/** The cards at `where` in the case's own order (a hand as dealt, the table as played); only texts.
 * @param {any} c the case @param {string} where @returns {string[]} */
export function cardsAt(c, where) {
  const [kind, name] = where.split(":");
  /** @type {unknown[]} */
  let cards;
  if (kind === "talon") cards = list(own(c, "talon"));
  else if (kind === "hand") cards = list(own(own(c, "hands"), name));
  else if (kind === "won") cards = list(own(own(c, "won"), name));
  else if (kind === "table") cards = list(own(c, "table")).filter((e) => Array.isArray(e) && e[0] === name).flatMap((e) => list(e[1]));
  else if (kind === "trump_card") cards = own(own(c, "trump_card"), "player") === name ? [own(own(c, "trump_card"), "card")] : [];
  else cards = [];
  return cards.filter((code) => typeof code === "string");
}
