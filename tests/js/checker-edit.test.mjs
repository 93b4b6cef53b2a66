// The checker's editing without the DOM (skitgubbe/views/checker-edit.js): the places a card can go, the cards of
// each place, in the case's order, whatever a case read from a link holds.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardsAt, destinations, groupPlaces, list, own } from "../../skitgubbe/views/checker-edit.js";
import { sample, seeded } from "./random.mjs";

test("phase 1: hands, the talon, won cards, set-aside trump cards; phase 2: hands and the table", () => {
  assert.deepEqual(destinations(["A", "B"], 1), ["hand:A", "hand:B", "talon", "won:A", "won:B", "trump_card:A", "trump_card:B"]);
  assert.deepEqual(destinations(["A", "B", "C"], 2), ["hand:A", "hand:B", "hand:C", "table:A", "table:B", "table:C"]);
  assert.deepEqual(destinations([], 2), []);
});

test("each place gets its cards, every destination is there (empty or not), other places after them", () => {
  const groups = groupPlaces(["hand:A", "talon"], { "2C": "hand:A", "3C": "talon", AH: "hand:A", KS: "won:B", QD: 7 });
  assert.deepEqual([...groups], [["hand:A", ["2C", "AH"]], ["talon", ["3C"]], ["won:B", ["KS"]]]);
  assert.deepEqual([...groupPlaces(["talon"], null)], [["talon", []]]);
  assert.deepEqual([...groupPlaces(["talon"], "not an object")], [["talon", []]]);
});

test("the cards at a place in the case's order; only texts; inherited names find nothing", () => {
  const c = {
    hands: { A: ["AH", "2C", 5], constructor: ["XX"] },
    talon: ["3D"],
    won: { B: ["KS"] },
    table: [["A", ["9H"]], ["B", ["10H", "JH"]], "junk", ["A", "not a list"]],
    trump_card: { player: "B", card: "QS" },
  };
  assert.deepEqual(cardsAt(c, "hand:A"), ["AH", "2C"]);
  assert.deepEqual(cardsAt(c, "talon"), ["3D"]);
  assert.deepEqual(cardsAt(c, "won:B"), ["KS"]);
  assert.deepEqual(cardsAt(c, "table:B"), ["10H", "JH"]);
  assert.deepEqual(cardsAt(c, "table:A"), ["9H"]);
  assert.deepEqual(cardsAt(c, "trump_card:B"), ["QS"]);
  assert.deepEqual(cardsAt(c, "trump_card:A"), []);
  assert.deepEqual(cardsAt(c, "hand:toString"), []);
  assert.deepEqual(cardsAt({ hands: Object.create({ A: ["2C"] }) }, "hand:A"), []);
  assert.deepEqual(cardsAt(null, "hand:A"), []);
  assert.deepEqual(cardsAt(c, "nowhere:A"), []);
});

test("own and list take anything", () => {
  for (const value of [null, undefined, 3, "text", [], {}, Object.create(null)]) {
    assert.equal(own(value, "toString"), undefined);
    assert.deepEqual(list(value), Array.isArray(value) ? value : []);
  }
});

test("random positions (seeded): every card placed is listed once, at its place", () => {
  const random = seeded(11);
  const deck = ["C", "D", "H", "S"].flatMap((s) => ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].map((r) => r + s));
  for (let round = 0; round < 200; round++) {
    const players = ["A", "B", "C", "D"].slice(0, 2 + Math.floor(random() * 3));
    const dests = destinations(players, random() < 0.5 ? 1 : 2);
    const cards = sample(random, deck, Math.floor(random() * 30));
    const places = Object.fromEntries(cards.map((code) => [code, dests[Math.floor(random() * dests.length)]]));
    const groups = groupPlaces(dests, places);
    assert.deepEqual([...groups.keys()], dests, `seed 11 round ${round}`);
    const listed = [...groups].flatMap(([where, codes]) => codes.map((code) => [code, where]));
    assert.deepEqual(Object.fromEntries(listed), places, `seed 11 round ${round}`);
    assert.equal(listed.length, cards.length);
  }
});
