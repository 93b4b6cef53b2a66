// The pass-and-play panel's seats, before the engine runs (views/live/pass_panel.py draws the form; live-page.mjs
// calls `wireSeats` on the panel and `readSeats` on Start). Each seat is a person (a name typed; an empty name is
// "Player n") or a computer player of a kind. `checkSeats` is the check itself, apart from the page (node tests:
// tests/js/pass-seats.test.mjs); the controller (skitgubbe/views/pass_play.py) checks the seats it gets again.
// Words: the panel's pass-words JSON (`pw`: skitgubbe/text/pass_words.py PASS_TABLE, templates unfilled).

import { fill } from "./template.js";

/** The longest name (the engine's: skitgubbe/engine/entry_checks.py MAX_NAME). */
export const MAX_NAME = 40;
/** Characters no name may hold: control, format (invisible), surrogate, private-use, unassigned, line breaks. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/** @typedef {{ kind: string, name: string }} SeatRow */
/** @typedef {{ person: string } | { computer: string }} Seat */

/** A name as typed, with every run of white space one space and none at the ends.
 * @param {string} text @returns {string} */
export function cleanName(text) {
  return text.split(/\s+/u).filter(Boolean).join(" ");
}

/** The seats of `rows` (`kind` "person" or a computer kind, `name` as typed) as the controller takes them, each
 * seat's name, and the first problem in the page's words (null when there is none).
 * @param {readonly SeatRow[]} rows @param {Record<string, string>} pw
 * @returns {{ seats: Seat[], names: string[], problem: string | null }} */
export function checkSeats(rows, pw) {
  /** @type {Seat[]} */
  const seats = [];
  const names = [];
  let problem = null;
  const said = (text) => {
    problem = problem ?? text;
  };
  rows.forEach((row, i) => {
    const n = i + 1;
    if (row.kind !== "person") {
      seats.push({ computer: row.kind });
      names.push(fill(pw.computer_name, { n }));
      return;
    }
    const typed = cleanName(row.name);
    if (typed.includes(":")) said(fill(pw.name_colon, { n }));
    else if ([...typed].length > MAX_NAME) said(fill(pw.name_long, { n, max: MAX_NAME }));
    else if (HIDDEN.test(typed)) said(fill(pw.name_hidden, { n }));
    const name = typed || fill(pw.default_name, { n });
    seats.push({ person: name });
    names.push(name);
  });
  if (!rows.some((row) => row.kind === "person")) said(pw.no_person);
  const seen = new Set();
  for (const name of names) {
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) said(fill(pw.name_twice, { name }));
    seen.add(key);
  }
  return { seats, names, problem };
}

/** The rows of the seats in use on the panel `root` (as many as its seat count says).
 * @param {Element} root @returns {SeatRow[]} */
function seatRows(root) {
  const count = Number(/** @type {HTMLSelectElement} */ (root.querySelector("select[data-seat-count]")).value);
  return [...root.querySelectorAll("[data-seat]")].slice(0, count).map((row) => ({
    kind: /** @type {HTMLSelectElement} */ (row.querySelector("select[data-seat-kind]")).value,
    name: /** @type {HTMLInputElement} */ (row.querySelector("input[data-seat-name]")).value,
  }));
}

/** The panel's seats, checked; a problem is put in its `data-role="problem"` line (and the seats are null).
 * @param {Element} root @param {Record<string, string>} pw @returns {Seat[] | null} */
export function readSeats(root, pw) {
  const { seats, problem } = checkSeats(seatRows(root), pw);
  const line = root.querySelector('[data-role="problem"]');
  if (line) line.textContent = problem ?? "";
  return problem ? null : seats;
}

/** Show as many seat rows as the count says, and a name box only for a person's seat.
 * @param {Element} root */
export function wireSeats(root) {
  const count = /** @type {HTMLSelectElement | null} */ (root.querySelector("select[data-seat-count]"));
  if (!count) return;
  const update = () => {
    [...root.querySelectorAll("[data-seat]")].forEach((row, i) => {
      /** @type {HTMLElement} */ (row).hidden = i >= Number(count.value);
      const person = /** @type {HTMLSelectElement} */ (row.querySelector("select[data-seat-kind]")).value === "person";
      /** @type {HTMLElement} */ (row.querySelector("[data-seat-person]")).hidden = !person;
    });
    const line = root.querySelector('[data-role="problem"]');
    if (line) line.textContent = "";
  };
  root.addEventListener("change", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.matches("select[data-seat-count], select[data-seat-kind]")) update();
  });
  update();
}
