// The host's page of the table server (issue 44): open a table under a preset or house rules, show its code, link
// and QR code, see who sat down, start, deal again, end, give a seat to the computer, and download the record once
// the game is over. Once the game starts the page is the projector's board: the public table drawn by the site's
// board renderer (skitgubbe/views/board.js, as the phones draw theirs), big enough to read across a classroom, the
// code and QR code folded into a corner. The host's screen watches the table and is sent no hand (unless the table
// was opened with the teacher view, which shows every hand to everyone).
import { drawBoard } from "/board/board.js";
import { cardNames, makeDeck, spoken } from "/board/cards.js";

import { config, fill, h, kindWords, kinds, nameSeats, results, socketURL, w } from "./page.mjs";
const field = (id, label, control) => [h("label", { for: id, text: label }), control];

const root = document.getElementById("sgs-host");
const problem = h("p", { "data-role": "problem", role: "alert" });
const rules = h("select", { id: "sgs-rules" }, ...config.presets.map((p) => h("option", { value: p, text: p })));
rules.value = config.default;
const house = h("textarea", { id: "sgs-house", rows: "3", spellcheck: "false" });
const seats = h("input", { type: "number", id: "sgs-seats", min: "2", max: "6", value: "4", inputmode: "numeric" });
const computers = h("select", { id: "sgs-computers" }, ...config.kinds.map((k) => h("option", { value: k, text: kinds[k] || k, title: (kindWords[k] || {}).about })));
computers.value = "sensible";
const teacher = h("input", { type: "checkbox", id: "sgs-teacher" });
const turn = h("input", { type: "number", id: "sgs-turn", min: "1", max: "600", inputmode: "numeric" });
const openButton = h("button", { type: "submit", "data-action": "open-table", text: w.open });
const form = h(
  "form",
  { onsubmit: (e) => (e.preventDefault(), openTable()) },
  ...field("sgs-rules", w.rules, rules),
  ...field("sgs-house", w.house, house),
  ...field("sgs-seats", w.seats, seats),
  ...field("sgs-computers", w.computers, computers),
  h("p", {}, teacher, h("label", { for: "sgs-teacher", style: "display:inline", text: w.teacher })),
  ...field("sgs-turn", w.turn_seconds, turn),
  h("p", {}, openButton)
);
const shown = h("section", { hidden: true, class: "sgs-room", "data-role": "table" });
root.append(form, problem, shown);

let table = null;

async function post(path, body) {
  const answer = await fetch(`${path}?lang=${config.lang}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await answer.json();
  if (!data.ok) throw new Error(data.error);
  return data;
}

async function openTable() {
  problem.textContent = "";
  let spec = rules.value;
  if (house.value.trim()) {
    try {
      spec = JSON.parse(house.value);
    } catch {
      spec = house.value; // the server says what is wrong with it, in the page's language
    }
  }
  // no seed: the server deals every round from the operating system's random source
  const body = { rules: spec, seats: Number(seats.value), computers: computers.value, teacher: teacher.checked };
  if (turn.value) body.turn_seconds = Number(turn.value);
  try {
    table = await post("/api/tables", body);
  } catch (error) {
    problem.textContent = error.message;
    return;
  }
  localStorage.setItem(hostKey, JSON.stringify({ code: table.code, host: table.host }));
  form.hidden = true;
  showTable();
  watch();
}

// The host's right survives a reload: the page keeps the table's code and host token, and the server checks the
// token before the page shows the table again. The kept token is forgotten only when the server says it is not
// the table's any more (no such table, expired, not the host).
const hostKey = "skitgubbe-table-host";
const forgetOn = new Set(["no_table", "expired", "not_host"]);

async function resumeTable() {
  let kept;
  try {
    kept = JSON.parse(localStorage.getItem(hostKey) || "null");
  } catch {
    return;
  }
  if (!kept || typeof kept.code !== "string" || typeof kept.host !== "string") return;
  try {
    const answer = await fetch(`/api/tables/${encodeURIComponent(kept.code)}/host?lang=${config.lang}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ host: kept.host }),
    });
    const data = await answer.json();
    if (!data.ok) {
      if (forgetOn.has(data.key)) localStorage.removeItem(hostKey);
      problem.textContent = data.error;
      return;
    }
    table = data;
  } catch (error) {
    problem.textContent = error.message;
    return;
  }
  form.hidden = true;
  showTable();
  watch();
}

// the side column: how to join (folded into the corner once the game runs), the host's buttons, the seats, the
// results at the end; the main column: the board and its narration
const seatList = h("ul", { class: "sgs-seats", "data-role": "seats" });
const seatBox = h("details", { class: "sgs-fold", open: true }, h("summary", { text: w.seat_list }), seatList);
const status = h("p", { class: "sgs-status", role: "status", "data-role": "table-status" });
const resultBox = h("section", { class: "sgs-results", "data-role": "end", hidden: true });
const card = makeDeck(config.board.deck);
const said = cardNames(config.board.deck); // a move's cards said by the names the cards' pictures have
const boardBox = h("div", { class: "sgs-boardbox", role: "region", "aria-label": w.board_title });
// the last moves, oldest first, back to the last person's move (the server's `recent`): a computer's move is added
// under a person's, never in its place; a log read out line by line as lines are added (not atomic)
const moveList = h("ol", { class: "sgs-moves__list" });
const narration = h("div", { class: "sgt-narration sgs-moves", "data-role": "narration", role: "log", "aria-live": "polite", "aria-label": w.moves_title }, moveList);
const projector = h("div", { class: "sgt sgs-projector", lang: config.lang, hidden: true }, boardBox, narration);
const buttons = {};
let joinBox = null;
let recordLink = null;
let wasStarted = false;

function showTable() {
  const link = `${table.link}?lang=${config.lang}`;
  const action = (name, text, path) => (buttons[name] = h("button", { type: "button", "data-action": name, text, onclick: () => hostAct(path) }));
  recordLink = h("a", { class: "sgs-button", href: `/api/tables/${table.code}/record`, download: `skitgubbe-${table.code}.json`, "data-action": "record", text: w.record });
  joinBox = h(
    "details",
    { class: "sgs-join-box", open: true, "data-role": "join" },
    h("summary", { class: "sgs-code", "data-role": "code", text: fill(w.code, { code: table.code }) }),
    h("p", { class: "sgs-qr" }, h("img", { src: table.qr, alt: fill(w.qr, { code: table.code }), width: "288", height: "288" })),
    h("p", { class: "sgs-link" }, h("a", { href: link, "data-role": "link", text: w.link }), " ", h("code", { text: link }))
  );
  const side = h(
    "div",
    { class: "sgs-room__side" },
    joinBox,
    h("p", { class: "sgs-actions" }, action("start", w.start, "start"), action("restart", w.restart, "restart"), action("end", w.end, "end"), recordLink),
    status,
    resultBox,
    seatBox
  );
  shown.replaceChildren(h("div", { class: "sgs-room__main" }, projector), side);
  shown.hidden = false;
}

async function hostAct(path, extra = {}) {
  problem.textContent = "";
  try {
    await post(`/api/tables/${table.code}/${path}`, { host: table.host, ...extra });
  } catch (error) {
    problem.textContent = error.message;
  }
}

function drawSeats(view) {
  seatList.replaceChildren(
    ...view.seats.map((s) => {
      const sitter = s.name || (s.computer ? fill(w.computer, { kind: kinds[s.computer] || s.computer }) : w.free);
      const give = s.name && view.started ? h("button", { type: "button", "data-action": "hand-over", "data-seat": s.seat, text: w.hand_over, onclick: () => hostAct("hand-over", { seat: s.seat }) }) : null;
      return h("li", { "data-seat": s.seat }, fill(w.seat_line, { seat: s.seat, who: sitter }), " ", give || "");
    })
  );
}

/** The projector's board: the public view drawn by the site's renderer, each seat headed by who sits there. */
function drawProjector(view) {
  const board = drawBoard(view, { words: config.board.words, card, bottom: view.players[0] });
  nameSeats(board, view, config.board.words);
  boardBox.replaceChildren(board);
  drawMoves(view);
}

/** The last moves: lines already shown stay (a screen reader reads only the new ones); the newest says why. */
function drawMoves(view) {
  const recent = view.recent || [];
  const keys = new Set(recent.map((m) => `${view.round}-${m.n}`));
  for (const li of [...moveList.children]) if (!keys.has(li.dataset.key)) li.remove();
  const shown = new Set([...moveList.children].map((li) => li.dataset.key));
  recent.forEach((m) => {
    const key = `${view.round}-${m.n}`;
    if (shown.has(key)) return;
    const line = h("li", { class: `sgs-move${m.person ? " sgs-move--person" : ""}`, "data-key": key, "data-person": String(m.person), "data-player": m.player }, h("strong", { class: "sgs-move__what" }, ...spoken(m.text, said)));
    moveList.append(line);
  });
  // moves left out between a person's move and the last ones: marked where the numbers jump
  const number = (li) => Number(li.dataset.key.split("-")[1]);
  for (const li of moveList.children) li.classList.toggle("sgs-move--gap", Boolean(li.previousElementSibling) && number(li.previousElementSibling) !== number(li) - 1);
  const newest = moveList.lastElementChild;
  for (const why of moveList.querySelectorAll(".sgs-move__why")) if (why.parentElement !== newest) why.remove();
  const last = recent[recent.length - 1];
  if (newest && last && !newest.querySelector(".sgs-move__why")) newest.append(" ", h("span", { class: "sgs-move__why" }, ...spoken(last.why, said)));
  fitMoves();
}

/** A person's last move stays in view: when the computers' moves after it (five computers, a chansa each, a new
 * trick) push it over the log's top edge, the newest move's reason is left out, then the computers' moves share
 * lines, then the oldest of them after the person's are folded away (the newest stays). */
function fitMoves() {
  if (projector.hidden) return;
  narration.classList.remove("sgs-moves--short", "sgs-moves--tight");
  for (const li of moveList.querySelectorAll(".sgs-move--folded")) li.classList.remove("sgs-move--folded");
  const person = [...moveList.querySelectorAll("li[data-person=true]")].at(-1);
  const hidden = () => person && person.getBoundingClientRect().top < narration.getBoundingClientRect().top - 1;
  for (const mode of ["sgs-moves--short", "sgs-moves--tight"]) if (hidden()) narration.classList.add(mode);
  for (let next = person && person.nextElementSibling; hidden() && next && next !== moveList.lastElementChild; next = next.nextElementSibling) {
    next.classList.add("sgs-move--folded");
  }
}
addEventListener("resize", fitMoves);

function drawTable(view) {
  problem.textContent = ""; // a refused request was about the table before this change
  drawSeats(view);
  const started = view.started;
  document.documentElement.classList.toggle("sgs-projecting", started);
  projector.hidden = !started;
  if (started && !wasStarted) {
    joinBox.open = false; // every seat is taken now: the code folds into the corner (a tap opens it again)
    seatBox.open = false;
  }
  wasStarted = started;
  if (started) drawProjector(view);
  buttons.start.hidden = started;
  const over = view.over || view.ended;
  buttons.restart.classList.toggle("sgs-button--main", view.over);
  recordLink.hidden = !(view.teacher || over);
  resultBox.replaceChildren(...results(view));
  resultBox.hidden = !view.over;
  const notes = [];
  if (view.teacher) notes.push(w.teacher_on);
  if (view.ended) notes.push(w.ended);
  status.textContent = notes.join(" ");
}

function watch() {
  const socket = new WebSocket(socketURL(table.code, config.lang));
  socket.addEventListener("open", () => socket.send(JSON.stringify({ op: "watch", host: table.host })));
  socket.addEventListener("message", (e) => {
    const message = JSON.parse(e.data);
    if (message.type === "view") drawTable(message.view);
    else if (message.type === "error") problem.textContent = message.message;
  });
  socket.addEventListener("close", (e) => {
    if (e.code !== 4404 && e.code !== 4410) setTimeout(watch, 1000); // not once the table is gone
  });
}

resumeTable();
