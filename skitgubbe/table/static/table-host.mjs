// The host's page of the table server (issue 44): open a table under a preset or house rules, show its code, link
// and QR code (for the projector), see who sat down, start, deal again, end, give a seat to the computer, and
// download the record once the game is over. The host's screen watches the table and sees no hand (unless the
// table was opened with the teacher view, which shows every hand to everyone).
import { config, fill, h, socketURL, w } from "./page.mjs";
const field = (id, label, control) => [h("label", { for: id, text: label }), control];

const root = document.getElementById("sgs-host");
const problem = h("p", { "data-role": "problem", role: "alert" });
const rules = h("select", { id: "sgs-rules" }, ...config.presets.map((p) => h("option", { value: p, text: p })));
rules.value = config.default;
const house = h("textarea", { id: "sgs-house", rows: "3", spellcheck: "false" });
const seats = h("input", { type: "number", id: "sgs-seats", min: "2", max: "6", value: "4", inputmode: "numeric" });
const kinds = { random: w.random, sensible: w.sensible, strong: w.strong };
const computers = h("select", { id: "sgs-computers" }, ...config.kinds.map((k) => h("option", { value: k, text: kinds[k] || k })));
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
const shown = h("section", { hidden: true, "data-role": "table" });
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
  const body = { rules: spec, seats: Number(seats.value), computers: computers.value, teacher: teacher.checked, seed: Math.floor(Math.random() * 1e9) };
  if (turn.value) body.turn_seconds = Number(turn.value);
  try {
    table = await post("/api/tables", body);
  } catch (error) {
    problem.textContent = error.message;
    return;
  }
  form.hidden = true;
  showTable();
  watch();
}

const seatList = h("ul", { class: "sgs-seats", "data-role": "seats" });
const status = h("p", { role: "status", "aria-live": "polite", "data-role": "narration" });

function showTable() {
  const link = `${table.link}?lang=${config.lang}`;
  const action = (name, text, path) => h("button", { type: "button", "data-action": name, text, onclick: () => hostAct(path) });
  const recordLink = h("a", { class: "sgs-button", href: `/api/tables/${table.code}/record`, download: `skitgubbe-${table.code}.json`, "data-action": "record", text: w.record });
  shown.replaceChildren(
    h("p", { class: "sgs-code", "data-role": "code", text: fill(w.code, { code: table.code }) }),
    h("p", {}, h("a", { href: link, "data-role": "link", text: w.link }), " ", h("code", { text: link })),
    h("p", { class: "sgs-qr" }, h("img", { src: table.qr, alt: fill(w.qr, { code: table.code }), width: "288", height: "288" })),
    h("p", {}, action("start", w.start, "start"), action("restart", w.restart, "restart"), action("end", w.end, "end"), recordLink),
    status,
    seatList
  );
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
      const who = s.name || (s.computer ? fill(w.computer, { kind: kinds[s.computer] || s.computer }) : w.free);
      const give = s.name && view.started ? h("button", { type: "button", "data-action": "hand-over", "data-seat": s.seat, text: w.hand_over, onclick: () => hostAct("hand-over", { seat: s.seat }) }) : null;
      return h("li", { "data-seat": s.seat }, fill(w.seat_line, { seat: s.seat, who }), " ", give || "");
    })
  );
  const last = view.last ? `${view.last.text}. ` : "";
  status.textContent = view.ended ? w.ended : `${last}${view.status}`;
}

function watch() {
  const socket = new WebSocket(socketURL(table.code, config.lang));
  socket.addEventListener("open", () => socket.send(JSON.stringify({ op: "watch", host: table.host })));
  socket.addEventListener("message", (e) => {
    const message = JSON.parse(e.data);
    if (message.type === "view") drawSeats(message.view);
    else if (message.type === "error") problem.textContent = message.message;
  });
  socket.addEventListener("close", () => setTimeout(watch, 1000));
}
