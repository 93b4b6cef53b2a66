// The hand order of the reader's table (skitgubbe/views/cards.js sortHand), the engine's: by suit in the order of
// its Suit (clubs, diamonds, hearts, spades), the trump suit last, each suit from 2 up to ace; the cards themselves
// never change. tests/views/test_hand_order.py compares it with the engine's sort_hand on random hands.
import assert from "node:assert/strict";
import { test } from "node:test";

import { sortHand } from "../../skitgubbe/views/table.js";
import { sample, seeded } from "./random.mjs";

const SUITS = ["C", "D", "H", "S"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const DECK = SUITS.flatMap((s) => RANKS.map((r) => r + s));
const suitOf = (code) => code.slice(-1);
const rankOf = (code) => RANKS.indexOf(code.slice(0, -1));

test("a hand with no trump: clubs, diamonds, hearts, spades, each from 2 up to ace", () => {
  assert.deepEqual(sortHand(["AS", "2C", "10H", "JD", "3C", "KS"], null), ["2C", "3C", "JD", "10H", "KS", "AS"]);
  // the hand (43): the engine's order, not the one table.js had
  assert.deepEqual(sortHand(["9C", "QC", "4H", "AH", "2S", "3D"], null), ["9C", "QC", "3D", "4H", "AH", "2S"]);
});

test("the trump suit goes last, the other suits keep their order", () => {
  assert.deepEqual(sortHand(["AS", "2C", "10H", "JD", "3C"], "C"), ["JD", "10H", "AS", "2C", "3C"]);
  assert.deepEqual(sortHand(["AS", "2C", "10H", "JD", "3C"], "H"), ["2C", "3C", "JD", "AS", "10H"]);
});

test("an empty hand stays empty and the given array is not changed", () => {
  assert.deepEqual(sortHand([], "S"), []);
  const hand = Object.freeze(["QD", "2H"]);
  assert.deepEqual(sortHand(hand, null), ["QD", "2H"]);
  assert.deepEqual(sortHand(["2H", "QD"], null), ["QD", "2H"]);
  assert.deepEqual(hand, ["QD", "2H"]);
});

test("random hands (seeded): the same cards, grouped by suit in order, ranks rising", () => {
  const random = seeded(43);
  for (let round = 0; round < 500; round++) {
    const size = Math.floor(random() * 20);
    const hand = sample(random, DECK, size);
    const trump = random() < 0.2 ? null : SUITS[Math.floor(random() * 4)];
    const sorted = sortHand(hand, trump);
    const why = `seed 43 round ${round}: ${hand.join(" ")} trump ${trump}`;
    assert.deepEqual([...sorted].sort(), [...hand].sort(), why);
    const order = trump ? [...SUITS.filter((s) => s !== trump), trump] : SUITS;
    for (let i = 1; i < sorted.length; i++) {
      const [a, b] = [sorted[i - 1], sorted[i]];
      const [sa, sb] = [order.indexOf(suitOf(a)), order.indexOf(suitOf(b))];
      assert.ok(sa < sb || (sa === sb && rankOf(a) < rankOf(b)), `${why}: ${a} before ${b}`);
    }
    assert.deepEqual(sortHand(sorted, trump), sorted, `${why}: sorting twice changes nothing`);
  }
});
