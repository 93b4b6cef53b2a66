// A phone at the table (skitgubbe/table/, issue 44): join with a name and a language, then play on the site's board.
// The server holds the game; this page gets only its own seat's view over one WebSocket, and keeps the seat token
// in localStorage, so a reload or a dropped connection gets the seat back (`resume`).
// The board is the site's renderer (skitgubbe/views/table.js, its "live" mode): `mountBoard` below is the one
// place that uses it, through its public entry `render({ model, el })` and a model on the anywidget contract.
import board from "/board/table.js";

import { config, fill, fullName, h, namedLast, nameSeats, results, socketURL, w } from "./page.mjs";
const tokenKey = `skitgubbe-table-${config.code}`;
// the server's refusals that mean the kept seat token is no longer a seat's; the closes not to reconnect after
// (no table, expired, the seat held elsewhere or too many connections)
const forgetOn = new Set(["bad_token", "seat_gone"]);
const finalCloses = new Set([4404, 4410, 4429]);

/** The board renderer behind a small model: `show(view)` draws a seat's view, `refused(last)` the refused move
 * explained under the hand; the board's own messages come back as `onPlay(move)`. Only this function knows how
 * the renderer is driven (the model keys of its live mode). */
function mountBoard(el, lang, onPlay) {
  const values = {
    mode: "live", lang, words: config.board.words, deck: config.board.deck,
    options: { rules: "", players: 0, opponents: "", seed: 0 }, presets: [], kinds: [], house_rules: null,
    open_hands: false, view: null, busy: false, message: "", needs_new_deal: false, final_replay: null, hint: null, review: null,
    record: null, case_file: null,
  };
  const handlers = new Map();
  const emit = (event, ...args) => (handlers.get(event) || []).forEach((f) => f(...args));
  let waiting = null; // the seq of the board's message the next answer completes
  const done = () => {
    const seq = waiting;
    waiting = null;
    if (seq !== null) emit("msg:custom", { type: "done", seq });
  };
  const model = {
    get: (key) => values[key],
    set(key, value) {
      values[key] = value;
      emit(`change:${key}`);
    },
    on(event, f) {
      if (!handlers.has(event)) handlers.set(event, []);
      handlers.get(event).push(f);
    },
    off() {},
    save_changes() {},
    send(message) {
      waiting = message.seq;
      if (message.op === "play") onPlay(message.move);
      else done(); // a new deal, the hint, the review: not at a table of phones
    },
  };
  board.render({ model, el });
  // after each of the board's draws (on a change of the model, or of its own state: a tap, a reply): the people's
  // names where it wrote letters (nameSeats changes nothing the second time, so its own changes end there)
  const rename = () => values.view && nameSeats(el, values.view, config.board.words);
  new MutationObserver(rename).observe(el, { childList: true, subtree: true });
  return {
    show(view) {
      model.set("message", view.over && view.loser ? fill(w.loser, { name: fullName(view, view.loser) }) : "");
      model.set("view", view);
      done();
    },
    /** the finished game: its record (the board's "Download the record") and its Replay, or none (a new deal) */
    finished(answer) {
      model.set("record", answer ? answer.record : null);
      model.set("final_replay", answer ? { ...answer.replay, deck: config.board.deck } : null); // the page's pictures
    },
    refused(last) {
      const view = values.view;
      if (view) model.set("view", { ...view, last: namedLast(view, last) });
      done();
    },
    settle: done,
  };
}

// -- the page -----------------------------------------------------------------------------------------------
const root = document.getElementById("sgs-phone");
const status = h("p", { class: "sgs-status", role: "status", "aria-live": "polite", "data-role": "table-status" });
const problem = h("p", { "data-role": "problem", role: "alert" });
const nameBox = h("input", { type: "text", id: "sgs-name", name: "name", maxlength: "24", autocomplete: "nickname", required: true });
const langBox = h("select", { id: "sgs-lang", name: "lang" }, h("option", { value: "sv", text: "Svenska" }), h("option", { value: "en", text: "English" }));
langBox.value = config.lang;
// the page is in the language the player reads (its words, the board's, the lang attribute): choosing the other
// one loads the page in it
langBox.addEventListener("change", () => {
  if (langBox.value !== config.lang) location.search = `?lang=${langBox.value}`;
});
const joinButton = h("button", { type: "submit", "data-action": "join", text: w.join });
const form = h(
  "form",
  { class: "sgs-join", onsubmit: (e) => (e.preventDefault(), join()) },
  h("label", { for: "sgs-name", text: w.name }),
  nameBox,
  h("label", { for: "sgs-lang", text: w.lang }),
  langBox,
  h("p", {}, joinButton)
);
const seatLine = h("p", { class: "sgs-seat", "data-role": "seat" });
const leaveButton = h("button", { type: "button", "data-action": "leave", hidden: true, onclick: () => send({ op: "leave" }), text: w.leave });
const boardBox = h("div", { class: "sgs-board" });
const resultBox = h("section", { class: "sgs-results", "data-role": "end", hidden: true });
root.append(form, seatLine, status, problem, resultBox, boardBox, h("p", {}, leaveButton));

let socket = null;
let table = null; // the mounted board, once seated
let left = false;
let retry = 0;
let replayOf = null; // the round whose finished game the board shows as a Replay (asked for once)

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function join() {
  problem.textContent = "";
  send({ op: "join", name: nameBox.value.trim(), lang: config.lang });
}

function seated(message) {
  localStorage.setItem(tokenKey, message.token);
  form.hidden = true;
  leaveButton.hidden = false;
  seatLine.textContent = fill(w.you_are, { seat: message.seat });
  if (!table) table = mountBoard(boardBox, config.lang, (move) => send({ op: "play", move }));
}

function viewed(view) {
  if (!table) return;
  // a refusal ("it is not your turn: ...") was about the position before this change: it goes with it
  problem.textContent = "";
  const notes = [];
  if (!view.started) notes.push(w.waiting);
  if (view.teacher) notes.push(w.teacher_on);
  if (view.ended) notes.push(w.ended);
  status.textContent = notes.join(" ");
  resultBox.replaceChildren(...results(view));
  resultBox.hidden = !view.over;
  table.show(view);
  const finished = view.over || view.ended;
  if (finished && replayOf !== view.round) {
    replayOf = view.round;
    fetchReplay(view.round);
  } else if (!finished && replayOf !== null) {
    replayOf = null; // the host dealt again
    table.finished(null);
  }
}

/** The finished game from the server (its record and Replay, with every hand: the game is over), drawn under the
 * board by the board's own end of a game. */
async function fetchReplay(round) {
  try {
    const answer = await fetch(`/api/tables/${encodeURIComponent(config.code)}/replay?lang=${config.lang}`);
    const data = await answer.json();
    if (!data.ok) throw new Error(data.error);
    if (table && replayOf === round && data.round === round) table.finished(data);
  } catch (error) {
    problem.textContent = error.message;
  }
}

function answer(message) {
  if (message.type === "seated") return seated(message);
  if (message.type === "view") return viewed(message.view);
  if (message.type === "refused") return table && table.refused(message.last);
  if (message.type === "left") {
    left = true;
    localStorage.removeItem(tokenKey);
    leaveButton.hidden = true;
    status.textContent = w.left;
    if (table) table.settle();
    return;
  }
  if (message.type === "error") {
    problem.textContent = message.message;
    if (table) table.settle();
    // the token is forgotten only when the server says it is no longer the seat's (not for a limit, a lost
    // connection or a server restart): then join afresh
    if (forgetOn.has(message.key) && localStorage.getItem(tokenKey)) {
      localStorage.removeItem(tokenKey);
      form.hidden = false;
    }
  }
}

function connect() {
  socket = new WebSocket(socketURL(config.code, config.lang));
  socket.addEventListener("open", () => {
    retry = 0;
    problem.textContent = "";
    const token = localStorage.getItem(tokenKey);
    if (token) send({ op: "resume", token });
  });
  socket.addEventListener("message", (e) => answer(JSON.parse(e.data)));
  socket.addEventListener("close", (e) => {
    if (e.code === 4404) form.hidden = true; // no such table: nothing to join here, but a way to type the code
    if (e.code === 4404) problem.after(h("p", { class: "sgs-tojoin" }, h("a", { href: `/join?lang=${config.lang}`, "data-role": "to-join", text: w.no_table_here })));
    if (left || finalCloses.has(e.code)) return;
    table = null; // the board is drawn again from the view after the seat is back
    replayOf = null;
    boardBox.replaceChildren();
    status.textContent = w.lost;
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 500 * retry);
  });
}

connect();
