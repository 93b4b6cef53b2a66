// What the table server's two pages share: their configuration (the JSON the server put in the page), its words,
// placeholders filled, and `h`, which builds an element with its attributes, listeners and children.
export const config = JSON.parse(document.getElementById("sgs-config").textContent);
export const w = config.words;
export const fill = (template, params) => template.replace(/\{(\w+)\}/g, (_, k) => (k in params ? params[k] : `{${k}}`));

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

/** The WebSocket address of table `code` on this server, its refusals in `lang`. */
export const socketURL = (code, lang) =>
  `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws/${encodeURIComponent(code)}?lang=${lang}`;

/** The words of the computer players' kinds. */
export const kinds = { random: w.random, sensible: w.sensible, strong: w.strong };

/** Who sits in a seat of the view's `seats` list: "A · Eva", "C · computer (random)", or the seat alone. */
export function who(seat) {
  if (seat.name) return `${seat.seat} · ${seat.name}`;
  if (seat.computer) return `${seat.seat} · ${fill(w.computer, { kind: kinds[seat.computer] || seat.computer })}`;
  return seat.seat;
}

/** The end of a game: who is the skitgubbe, then each seat's result in the order they went out (an `<ol>`), or
 * nothing while the game is on. A game the host ended before its end has no results. */
export function results(view) {
  if (!view.over) return [];
  const seats = new Map(view.seats.map((s) => [s.seat, s]));
  const shown = (name) => who(seats.get(name) || { seat: name });
  const lines = view.out.map((name, i) => h("li", { "data-seat": name, "data-result": "out", text: fill(w.result_out, { who: shown(name), place: i + 1 }) }));
  if (view.loser) lines.push(h("li", { "data-seat": view.loser, "data-result": "loser", class: "sgs-loser", text: fill(w.result_loser, { who: shown(view.loser) }) }));
  const head = view.loser ? fill(w.loser, { name: shown(view.loser) }) : w.over;
  return [h("h2", { class: "sgs-results__head", text: head }), h("ol", { class: "sgs-results__list", "data-role": "results" }, ...lines)];
}
