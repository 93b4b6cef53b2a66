// Pass and play's decisions (skitgubbe/views/pass-logic.js): which hands a view may show (none under the cover, the
// own hand of the one who has the screen, all once the game is over), the page's second lock `safeView` on any
// view that shows more, what the table shows and where the focus goes; random views from a seeded source.
import assert from "node:assert/strict";
import { test } from "node:test";

import { focusAfter, handsShown, leaks, reviewers, safeView, stage } from "../../skitgubbe/views/pass-logic.js";
import { sample, seeded } from "./random.mjs";

const NAMES = ["Anna", "Bert", "Dator 3", "Cilla", "Doris", "Erik"];

/** A view of `n` seats where `open` hands hold cards (the rest face down), and the given cover, you, over. */
function view(n, open, { cover = null, you = null, over = false } = {}) {
  const players = NAMES.slice(0, n);
  const hands = Object.fromEntries(players.map((name, i) => [name, { count: 3, cards: open.includes(name) ? [`${i + 2}C`, `${i + 2}D`, `${i + 2}H`] : null }]));
  return { players, people: players.filter((name) => !name.startsWith("Dator")), hands, cover, you, over, actions: [{ kind: "play", cards: ["2C"] }] };
}

test("the view the controller sends shows nothing it may not: no leak, the same object back", () => {
  const covered = view(4, [], { cover: "Bert", you: null });
  const mine = view(4, ["Anna"], { you: "Anna" });
  const end = view(4, NAMES.slice(0, 4), { you: "Anna", over: true });
  for (const v of [covered, mine, end]) {
    assert.deepEqual(leaks(v), []);
    assert.equal(safeView(v), v);
  }
  assert.deepEqual(handsShown(end), NAMES.slice(0, 4));
  assert.equal(safeView(null), null);
  assert.deepEqual(leaks(undefined), []);
});

test("under the cover no hand is drawn and no move offered, whatever the view holds", () => {
  const bad = view(4, ["Anna", "Bert"], { cover: "Bert", you: "Anna" });
  assert.deepEqual(leaks(bad), ["Anna", "Bert"]);
  const safe = safeView(bad);
  assert.deepEqual(handsShown(safe), []);
  assert.deepEqual(safe.actions, []);
  assert.equal(safe.hands.Anna.count, 3);
  assert.deepEqual(handsShown(bad), ["Anna", "Bert"], "the view given is left as it was");
});

test("random views (seeded): the safe view shows at most the own hand of the one who has the screen", () => {
  const random = seeded(44);
  for (let i = 0; i < 500; i++) {
    const n = 2 + Math.floor(random() * 5);
    const players = NAMES.slice(0, n);
    const open = sample(random, players, Math.floor(random() * (n + 1)));
    const you = random() < 0.8 ? players[Math.floor(random() * n)] : null;
    const cover = random() < 0.4 ? players[Math.floor(random() * n)] : null;
    const over = random() < 0.1;
    const safe = safeView(view(n, open, { you, cover, over }));
    const shown = handsShown(safe);
    if (over) assert.deepEqual(shown, players.filter((name) => open.includes(name)));
    else if (cover || !you) assert.deepEqual(shown, [], `seed 44 case ${i}`);
    else assert.ok(shown.every((name) => name === you), `seed 44 case ${i}: ${shown}`);
    assert.deepEqual(leaks(safe), []);
  }
});

test("what the table shows, and the focus: the cover's button when it comes, the hand when it goes", () => {
  assert.equal(stage(null), "none");
  assert.equal(stage(view(3, [], { cover: "Anna" })), "cover");
  assert.equal(stage(view(3, ["Anna"], { you: "Anna" })), "hand");
  assert.equal(stage(view(3, [], {})), "watch");
  assert.equal(stage(view(3, ["Anna"], { you: "Anna", over: true })), "open");
  assert.equal(focusAfter("none", "cover"), "cover");
  assert.equal(focusAfter("hand", "cover"), "cover");
  assert.equal(focusAfter("watch", "cover"), "cover");
  assert.equal(focusAfter("cover", "hand"), "hand");
  // no new focus: the cover stays (a refused tap), the same person goes on, the computer plays, the game ends
  assert.equal(focusAfter("cover", "cover"), null);
  assert.equal(focusAfter("hand", "hand"), null);
  assert.equal(focusAfter("hand", "open"), null);
  assert.equal(focusAfter("none", "watch"), null);
});

test("whose review: every person in seat order, the one who has the screen at the end chosen", () => {
  const end = view(4, [], { you: "Bert", over: true });
  assert.deepEqual(reviewers(end), { names: ["Anna", "Bert", "Cilla"], chosen: "Bert" });
  assert.deepEqual(reviewers({ people: ["Anna", "Bert"], you: "Dator 3" }), { names: ["Anna", "Bert"], chosen: "Anna" });
  assert.deepEqual(reviewers(null), { names: [], chosen: null });
});
