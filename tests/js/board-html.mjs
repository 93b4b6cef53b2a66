// Draw boards with skitgubbe/views/board.js in node (the DOM stub): reads {"views": [...], "words": {...},
// "deck": {...}} on stdin and writes a JSON list of each board's HTML (drawBoard with nobody at the table, as a
// Replay and a static page draw it). tests/views/test_board_parity.py compares it with skitgubbe/views/board.py.
import { installDocument } from "./dom-stub.mjs";

installDocument();
const { drawBoard } = await import("../../skitgubbe/views/board.js");
const { makeDeck } = await import("../../skitgubbe/views/cards.js");

let text = "";
for await (const chunk of process.stdin) text += chunk;
const { views, words, deck } = JSON.parse(text);
const card = makeDeck(deck);
const out = views.map((view) => /** @type {any} */ (drawBoard(view, { words, card })).outerHTML);
process.stdout.write(JSON.stringify(out));
