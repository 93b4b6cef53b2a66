// The board (one view of session.py: state_view / frame_view) and its narration: who, what, legal or not, the rule
// in words (rule ids only behind the toggle). Drawn by the Replay, the live game and the learning path.
import { h } from "./dom.js";
import { fill, named } from "./template.js";
import { fan, sortHand, spoken } from "./cards.js";

function seatOrder(players, bottom) {
  const i = Math.max(0, players.indexOf(bottom));
  const rest = [];
  for (let k = 1; k < players.length; k++) rest.push(players[(i + k) % players.length]);
  return { bottom: players[i], top: rest };
}

export function drawBoard(view, ctx) {
  const { words: w, card } = ctx;
  const last = view.last;
  const highlight = new Set(last && last.legal ? last.cards : []);
  const lastPlayer = last && last.legal ? last.player : null;
  const count = (n) => (n === 1 ? w.cards_one : fill(w.cards, { n }));
  const seats = seatOrder(view.players, ctx.bottom || view.players[0]);
  // `ctx.names`: a seat's name where the board would write its letter (the live game: "dator B", the reader "du")
  const shown = (name) => (ctx.names && ctx.names[name]) || name;

  const seat = (name, where) => {
    const hand = view.hands[name];
    const mine = ctx.live && name === view.you;
    const open = hand.cards !== null;
    // the head's first line: name, count and the turn; its second: what the seat has won, out, skitgubbe (two lines
    // on a narrow seat, so a badge is never cut off; one line on a wide one)
    const turn = view.to_play === name ? h("span", { class: "sgt-badge sgt-badge--turn", text: w.to_play }) : null;
    const badges = [];
    // a computer's seat: its kind's name first on the head's second line (`ctx.kinds`, "förnuftig")
    if (ctx.kinds && ctx.kinds[name]) badges.push(h("span", { class: "sgt-badge", "data-role": "computer-kind", text: ctx.kinds[name] }));
    if (view.phase === 1) badges.push(h("span", { class: "sgt-badge", text: fill(w.won, { n: view.won[name] }) }));
    if (view.out.includes(name)) badges.push(h("span", { class: "sgt-badge sgt-badge--out", text: w.out }));
    if (view.loser === name) badges.push(h("span", { class: "sgt-badge sgt-badge--loser", text: w.loser }));
    let cards;
    // the hand's one card in the Tab order (a roving tabindex: the arrow keys move within the hand, live-table.js):
    // the card that had the focus, else the first legal one, else the first that can be pressed
    // every open hand in the one hand order (cards.js sortHand, the engine's sort_hand), the reader's and the others'
    const sorted = open ? sortHand(hand.cards, view.trump ? view.trump.suit : null) : [];
    const codes = mine ? sorted : [];
    const pressable = ctx.busy || ctx.over ? [] : codes;
    const current = pressable.find((c) => c === ctx.current) || pressable.find((c) => ctx.playable.has(c)) || pressable[0];
    if (open) {
      cards = sorted.map((code) => {
        const pic = card(code, highlight.has(code) && lastPlayer === name ? "sgt-card--last" : "");
        if (!mine) return pic;
        // a card that is not a legal move is still a button (dimmed and marked): clicking it plays it, and the
        // explanation under the hand says which rule refuses it; a card of a legal play of several is toggled
        const playable = ctx.playable.has(code);
        const toggles = ctx.multi && playable;
        const selected = ctx.selected.has(code);
        const button = h("button", {
          type: "button",
          class: `sgt-cardbutton${selected ? " sgt-cardbutton--selected" : ""}${playable ? " sgt-cardbutton--legal" : " sgt-cardbutton--illegal"}`,
          "data-action": toggles ? "select" : "play",
          "data-card": code,
          "data-legal": String(playable),
          "aria-pressed": toggles ? String(selected) : null,
          tabindex: code === current ? "0" : "-1",
          disabled: ctx.busy || ctx.over,
        });
        // the button's name is its picture's (role="img", aria-label) and, on the reader's turn, whether it may be
        // played now (visually hidden text): heard with the card wherever the card is read, not only on focus. An
        // aria-label of its own would not hold the picture's text, which axe's label-content-name-mismatch asks for
        pic.removeAttribute("data-card");
        button.append(pic);
        if (ctx.yourTurn) button.append(h("span", { class: "sgt-sr", text: `, ${playable ? w.legal_card : w.illegal_card}` }));
        if (!playable) button.append(h("span", { class: "sgt-cardmark", "aria-hidden": "true", text: "✕" }));
        return button;
      });
    } else {
      cards = Array.from({ length: hand.count }, () => card("back"));
    }
    const label = `${named(w, w.hand, mine ? name : shown(name))}: ${count(hand.count)}`;
    const fanned = fan(cards, label, mine ? "sgt-fan--hand sgt-fan--mine" : "sgt-fan--hand");
    if (mine) {
      fanned.setAttribute("tabindex", "-1"); // focus waits here while no card can be pressed
      if (ctx.helpId) fanned.setAttribute("aria-describedby", ctx.helpId); // how to play: said once, not every turn
    }
    return h(
      "div",
      {
        class: `sgt-seat sgt-seat--${where}${view.to_play === name ? " sgt-seat--turn" : ""}${view.out.includes(name) ? " sgt-seat--out" : ""}`,
        "data-player": name,
      },
      h(
        "div",
        { class: "sgt-seat__head" },
        h(
          "span",
          { class: "sgt-seat__line" },
          h("span", { class: "sgt-seat__name", text: mine && !ctx.names ? `${name} (${w.you})` : shown(name) }),
          h("span", { class: "sgt-seat__count", text: count(hand.count) }),
          turn
        ),
        h("span", { class: "sgt-seat__badges" }, badges)
      ),
      fanned
    );
  };

  // the centre: talon and set-aside card, the table, the information line
  const centre = [];
  if (view.phase === 1) {
    const pile = view.talon ? [card("back", "sgt-card--talon")] : [];
    centre.push(
      h("div", { class: "sgt-talon", role: "group", "aria-label": view.talon_text }, h("span", { class: "sgt-talon__pile" }, pile), h("span", { class: "sgt-talon__label", text: view.talon_text }))
    );
    if (view.trump_card) {
      const tc = view.trump_card;
      const shown = tc.lesson && ctx.lesson ? card(tc.lesson, "sgt-card--lesson") : card(tc.card);
      centre.push(h("div", { class: "sgt-aside", role: "group", "aria-label": tc.caption }, shown, h("span", { class: "sgt-talon__label", text: tc.caption })));
    }
  }
  const plays = view.table.map(([name, codes], i) => {
    const isLast = i === view.table.length - 1 && lastPlayer === name;
    const label = `${shown(name)}: ${codes.length ? "" : ""}${count(codes.length)}`;
    return h(
      "li",
      { class: `sgt-play${isLast ? " sgt-play--last" : ""}` },
      h("span", { class: "sgt-play__name", text: shown(name) }),
      fan(codes.map((c) => card(c, isLast ? "sgt-card--last" : "")), label)
    );
  });
  const table = h(
    "div",
    { class: `sgt-table${view.completed ? " sgt-table--completed" : ""}`, role: "group", "aria-label": w.table },
    h("span", { class: "sgt-table__title", text: view.completed ? `${w.table} · ${view.completed_text}` : w.table }),
    // an empty table keeps the same rows (name, a card's height) so the board keeps its height
    h("ol", { class: "sgt-plays" }, plays.length ? plays : h("li", { class: "sgt-play sgt-play--empty" }, h("span", { class: "sgt-play__name" }, "\u00a0"), h("span", { class: "sgt-fan sgt-table__empty", text: w.table_empty })))
  );
  const info = h(
    "p",
    { class: "sgt-info" },
    h("span", { class: "sgt-info__phase", text: view.phase_text }),
    view.trump_text ? h("span", { class: "sgt-info__trump", "data-trump": view.trump ? view.trump.suit : "", text: view.trump_text }) : null,
    // "B to play" says what the turn badge says: a narrow board leaves it out (not a finished game's line)
    h("span", { class: `sgt-info__status${view.to_play ? " sgt-info__status--turn" : ""}`, text: view.status })
  );
  return h(
    "div",
    { class: `sgt-board sgt-board--n${view.players.length}${ctx.oneLine ? " sgt-board--oneline" : ""}`, role: "group", "aria-label": w.board, "data-phase": String(view.phase) },
    h("div", { class: "sgt-top" }, seats.top.map((n) => seat(n, "top"))),
    h("div", { class: "sgt-centre" }, info, h("div", { class: "sgt-centre__row" }, centre, table)),
    seat(seats.bottom, "bottom")
  );
}

/** The narration of `view`'s last move (its line, why, rule, what followed), under `heading`; with `said`
 * (cards.js cardNames) each card in it is said by the name its button has. */
export function drawNarration(view, w, heading, said) {
  const say = (text) => spoken(text, said);
  const last = view.last;
  const parts = [];
  if (heading) parts.push(h("p", { class: "sgt-narration__heading" }, h("strong", { text: heading }), " "));
  if (last) {
    parts.push(
      h(
        "p",
        { class: `sgt-narration__move${last.legal ? "" : " sgt-narration__move--illegal"}` },
        h("strong", {}, say(last.text)),
        " — ",
        h("span", { class: last.legal ? "sgt-legal" : "sgt-illegal", text: `${last.legal ? "✓" : "✗"} ${last.verdict}` })
      )
    );
    parts.push(h("p", { class: "sgt-narration__why" }, say(last.why)));
    if (last.rule)
      parts.push(
        h("p", { class: "sgt-narration__rule" }, `${w.rule}: `, h("code", { class: "sgt-ruleid", text: last.rule }), " ", say(last.rule_text))
      );
    if (last.events.length)
      parts.push(h("ul", { class: "sgt-narration__events" }, last.events.map((e) => h("li", {}, say(e.text), e.rule ? [" ", h("code", { class: "sgt-ruleid", text: e.rule })] : []))));
  } else {
    parts.push(h("p", { class: "sgt-narration__move", text: view.status }));
  }
  return parts;
}
