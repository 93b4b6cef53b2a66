// Pass and play's decisions, apart from the page (pass-table.js draws them; tests/js/pass-logic.test.mjs): who may
// see which hand in a view, what the table shows (the cover, a hand, every hand) and where the focus goes.
// The controller (skitgubbe/views/pass_play.py) already sends no hand while the phone is to be passed on; `safeView`
// is the page's own second lock: a hand the rules of pass and play do not show is never drawn, whatever arrives.

/** @typedef {{ count: number, cards: string[] | null }} Hand */
/** @typedef {{ hands: Record<string, Hand>, you?: string | null, cover?: string | null, over?: boolean }} PassView */

/** The names of the hands `view` holds face up.
 * @param {PassView | null | undefined} view @returns {string[]} */
export function handsShown(view) {
  return view ? Object.keys(view.hands).filter((name) => view.hands[name].cards !== null) : [];
}

/** The hands `view` may show: none while the phone is to be handed on (`cover`), the own hand of the one who has
 * it, every hand once the game is over.
 * @param {PassView} view @returns {(name: string) => boolean} */
function mayShow(view) {
  if (view.over) return () => true;
  if (view.cover || !view.you) return () => false;
  return (name) => name === view.you;
}

/** The hands `view` shows that it may not (empty for a view the controller built).
 * @param {PassView | null | undefined} view @returns {string[]} */
export function leaks(view) {
  if (!view) return [];
  const may = mayShow(view);
  return handsShown(view).filter((name) => !may(name));
}

/** `view` with every hand it may not show face down (the same object when it shows none).
 * @template {PassView | null | undefined} V @param {V} view @returns {V} */
export function safeView(view) {
  if (!view || !leaks(view).length) return view;
  const may = mayShow(view);
  const hands = Object.fromEntries(Object.entries(view.hands).map(([name, hand]) => [name, may(name) ? hand : { count: hand.count, cards: null }]));
  return { ...view, hands, actions: view.cover ? [] : /** @type {any} */ (view).actions };
}

/** What the table shows: "cover" (hand the phone on: no hand), "hand" (the one who has it sees their own), "open"
 * (the game is over: every hand), "watch" (nobody has the phone yet: a computer seat begins), "none" (no game).
 * @param {PassView | null | undefined} view @returns {"none" | "cover" | "hand" | "open" | "watch"} */
export function stage(view) {
  if (!view) return "none";
  if (view.cover) return "cover";
  if (view.over) return "open";
  return view.you ? "hand" : "watch";
}

/** Where the focus goes as the table goes from stage `before` to `now`: the cover's button when the cover comes up,
 * the hand (its first card) when it goes and a hand is shown; null: the focus stays where it is.
 * @param {string} before @param {string} now @returns {"cover" | "hand" | null} */
export function focusAfter(before, now) {
  if (now === "cover" && before !== "cover") return "cover";
  if (before === "cover" && now === "hand") return "hand";
  return null;
}

/** The people whose moves the review may go through (each person their own), in seat order, and the one chosen:
 * the one who has the phone at the end.
 * @param {{ people?: string[], you?: string | null } | null | undefined} view @returns {{ names: string[], chosen: string | null }} */
export function reviewers(view) {
  const names = [...((view && view.people) || [])];
  const you = view && view.you;
  return { names, chosen: you && names.includes(you) ? you : names[0] ?? null };
}
