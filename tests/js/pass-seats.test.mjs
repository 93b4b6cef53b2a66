// The pass-and-play panel's seats (skitgubbe/views/pass-seats.mjs checkSeats): each a person (a name as typed,
// an empty one "Player n") or a computer player named by its seat; the first problem said in the page's words: a
// colon, a name too long, an invisible character, no person at all, two seats of one name (case aside).
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_NAME, checkSeats, cleanName } from "../../skitgubbe/views/pass-seats.mjs";
import { strictTemplates } from "../../skitgubbe/views/template.js";
import { seeded } from "./random.mjs";

strictTemplates(true);
const PW = {
  default_name: "Player {n}",
  computer_name: "Computer {n}",
  no_person: "At least one seat must be played by a person.",
  name_twice: "Two seats are called {name}.",
  name_colon: "Seat {n}: a colon.",
  name_long: "Seat {n}: longer than {max}.",
  name_hidden: "Seat {n}: an invisible character.",
};
const person = (name) => ({ kind: "person", name });
const computer = (kind) => ({ kind, name: "ignored" });

test("people and computers: the seats as the controller takes them and each seat's name", () => {
  const found = checkSeats([person(" Anna  Lisa "), person(""), computer("strong"), person("Bert")], PW);
  assert.deepEqual(found, {
    seats: [{ person: "Anna Lisa" }, { person: "Player 2" }, { computer: "strong" }, { person: "Bert" }],
    names: ["Anna Lisa", "Player 2", "Computer 3", "Bert"],
    problem: null,
  });
  assert.equal(cleanName("\t a \n b  "), "a b");
});

test("each problem is said in the page's words, the first one only", () => {
  const said = (rows) => checkSeats(rows, PW).problem;
  assert.equal(said([person("A:B"), person("x".repeat(MAX_NAME + 1))]), "Seat 1: a colon.");
  assert.equal(said([person("Anna"), person("x".repeat(MAX_NAME + 1))]), "Seat 2: longer than 40.");
  assert.equal(said([person("Anna"), person("é".repeat(MAX_NAME))]), null, "40 letters are a name");
  assert.equal(said([person("An\u200bna"), computer("random")]), "Seat 1: an invisible character.");
  assert.equal(said([computer("random"), computer("sensible")]), PW.no_person);
  assert.equal(said([person("Anna"), person("anna")]), "Two seats are called anna.");
  assert.equal(said([person("Computer 2"), computer("random")]), "Two seats are called Computer 2.");
  assert.equal(said([person(""), person("Player 1")]), "Two seats are called Player 1.");
});

test("random rows (seeded): a problem exactly when a rule is broken; else every name is its own", () => {
  const random = seeded(5);
  const letters = ["a", "B", " ", ":", "\u200b", "Anna", "x".repeat(20)];
  for (let i = 0; i < 400; i++) {
    const n = 2 + Math.floor(random() * 5);
    const rows = Array.from({ length: n }, () => (random() < 0.7 ? person(Array.from({ length: Math.floor(random() * 4) }, () => letters[Math.floor(random() * letters.length)]).join("")) : computer("random")));
    const { names, problem, seats } = checkSeats(rows, PW);
    const typed = rows.filter((r) => r.kind === "person").map((r) => cleanName(r.name));
    const broken =
      !typed.length ||
      typed.some((t) => t.includes(":") || [...t].length > MAX_NAME || /\u200b/.test(t)) ||
      new Set(names.map((x) => x.toLowerCase())).size !== names.length;
    assert.equal(problem !== null, broken, `seed 5 case ${i}: ${JSON.stringify(rows)} -> ${problem}`);
    assert.equal(seats.length, n);
  }
});
