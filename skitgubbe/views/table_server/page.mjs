// What the table server's two pages share: their configuration (the JSON the server put in the page), its words,
// placeholders filled, and `h`, which builds an element with its attributes, listeners and children; the people's
// names where the board renderer writes a seat's letter.
import { named } from "/board/template.js";

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

/** The computer players' kinds in words, by id (the registry's, as the server put them in the page: `name`, `about`). */
export const kindWords = config.kind_words || {};
/** The name of each kind, by id. */
export const kinds = Object.fromEntries(Object.entries(kindWords).map(([k, said]) => [k, said.name]));

/** A seat's name as the table shows it (the server's `names`: a person's name, "dator C", or the seat's letter
 * while it is free). */
export const nameOf = (view, seat) => (view && view.names && view.names[seat]) || seat;

/** The kind of computer that plays a seat, in words ("förnuftig"), or "" for a person's or a free seat. */
export function kindOf(view, seat) {
  const s = ((view && view.seats) || []).find((x) => x.seat === seat);
  return s && s.computer ? kinds[s.computer] || s.computer : "";
}

/** A seat's name with a computer's kind: "Anna", "dator C (förnuftig)". */
export function fullName(view, seat) {
  const kind = kindOf(view, seat);
  return kind ? fill(w.computer_named, { name: nameOf(view, seat), kind }) : nameOf(view, seat);
}

/** The board's seat heads, the names over the trick and the hands' labels: the renderer writes the seat's letter
 * (the engine's name); at a table the people's names stand there. Idempotent (a second call changes nothing), so
 * it can follow every draw of the board. `boardWords`: the board's words ("you", "X's hand"). */
export function nameSeats(el, view, boardWords) {
  const put = (node, text) => node && node.textContent !== text && (node.textContent = text);
  for (const seat of el.querySelectorAll(".sgt-seat[data-player]")) {
    const letter = seat.getAttribute("data-player");
    const name = nameOf(view, letter);
    put(seat.querySelector(".sgt-seat__name"), letter === view.you ? `${name} (${boardWords.you})` : name);
    const hand = seat.querySelector(".sgt-fan--hand");
    const label = hand && hand.getAttribute("aria-label");
    const was = named(boardWords, boardWords.hand, letter);
    if (name !== letter && label && label.startsWith(was)) hand.setAttribute("aria-label", named(boardWords, boardWords.hand, name) + label.slice(was.length));
    // a computer seat's kind on the head's second line, with the seat's other marks ("förnuftig", "3 stick")
    const badges = seat.querySelector(".sgt-seat__badges");
    const kind = kindOf(view, letter);
    if (badges && kind && !badges.querySelector("[data-role=computer-kind]")) badges.prepend(h("span", { class: "sgt-badge sgs-kind", "data-role": "computer-kind", text: kind }));
  }
  const plays = view.table || [];
  el.querySelectorAll(".sgt-play:not(.sgt-play--empty)").forEach((play, i) => {
    const letter = plays[i] && plays[i][0];
    if (!letter) return;
    const name = nameOf(view, letter);
    put(play.querySelector(".sgt-play__name"), name);
    const cards = play.querySelector(".sgt-fan");
    const label = cards && cards.getAttribute("aria-label");
    if (name !== letter && label && label.startsWith(`${letter}:`)) cards.setAttribute("aria-label", name + label.slice(letter.length));
  });
}

/** A refused move's narration (the server words it with the seat's letter) with the mover's name. */
export function namedLast(view, last) {
  if (!last || !last.text.startsWith(`${last.player}:`)) return last;
  return { ...last, text: nameOf(view, last.player) + last.text.slice(last.player.length) };
}

/** The end of a game: who is the skitgubbe, then each seat's result in the order they went out (an `<ol>`), or
 * nothing while the game is on. A game the host ended before its end has no results. */
export function results(view) {
  if (!view.over) return [];
  const shown = (seat) => fullName(view, seat);
  const lines = view.out.map((name, i) => h("li", { "data-seat": name, "data-result": "out", text: fill(w.result_out, { who: shown(name), place: i + 1 }) }));
  if (view.loser) lines.push(h("li", { "data-seat": view.loser, "data-result": "loser", class: "sgs-loser", text: fill(w.result_loser, { who: shown(view.loser) }) }));
  const head = view.loser ? fill(w.loser, { name: shown(view.loser) }) : w.over;
  return [h("h2", { class: "sgs-results__head", text: head }), h("ol", { class: "sgs-results__list", "data-role": "results" }, ...lines)];
}
