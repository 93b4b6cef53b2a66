// The hand order of the reader's table (skitgubbe/views/table.js sortHand): by suit, the trump suit last, each
// suit from 2 up to ace; the cards themselves never change.
import assert from "node:assert/strict";
import { test } from "node:test";

import { sortHand } from "../../skitgubbe/views/table.js";
import { sample, seeded } from "./random.mjs";

const SUITS = ["C", "H", "S", "D"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const DECK = SUITS.flatMap((s) => RANKS.map((r) => r + s));
const suitOf = (code) => code.slice(-1);
const rankOf = (code) => RANKS.indexOf(code.slice(0, -1));

test("a hand with no trump: clubs, hearts, spades, diamonds, each from 2 up to ace", () => {
  assert.deepEqual(sortHand(["AS", "2C", "10H", "JD", "3C", "KS"], null), ["2C", "3C", "10H", "KS", "AS", "JD"]);
});

test("the trump suit goes last, the other suits keep their order", () => {
  assert.deepEqual(sortHand(["AS", "2C", "10H", "JD", "3C"], "C"), ["10H", "AS", "JD", "2C", "3C"]);
  assert.deepEqual(sortHand(["AS", "2C", "10H", "JD", "3C"], "H"), ["2C", "3C", "AS", "JD", "10H"]);
});

test("an empty hand stays empty and the given array is not changed", () => {
  assert.deepEqual(sortHand([], "S"), []);
  const hand = Object.freeze(["QD", "2H"]);
  assert.deepEqual(sortHand(hand, null), ["2H", "QD"]);
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
