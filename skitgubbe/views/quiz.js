// The book's quizzes (skitgubbe/views/quiz.py writes the HTML; every answer and its feedback were computed by the
// engine at build time): the answer widget (answers.js) of the kind "quiz". A question is a `.sg-quiz__part`; its
// feedback goes beside the chosen option (under it in the list of options, under the row of cards) and its "why"
// is shown; the box's rule-ids toggle shows the rule ids; the answers of the page are kept in this browser, so the
// score ("2 of 3 right") survives a reload until the reader presses reset.
import { answerWidget, sayNote, start, wordsOf } from "./answers.js";
import { fill } from "./template.js";

const PREFIX = "skitgubbe.quiz.v1:";
const QUESTION = ".sg-quiz__part[data-quiz-part]";

/* beside the chosen option: inside its list item for a text option, after the row for a card (a row of cards
   wraps, so a box inside it would push the cards apart) */
/** @param {Element} feedback @param {Element | null} button */
function placeFeedback(feedback, button) {
  const item = button && button.closest("li");
  if (!item || !item.parentElement) return;
  if (item.parentElement.matches(".sg-quiz__cards")) item.parentElement.after(feedback);
  else item.append(feedback);
}

const quiz = answerWidget({
  question: QUESTION,
  prefix: "sg-quiz",
  state: "answered",
  id: (part) => part.dataset.quizPart || "",
  store: () => PREFIX + location.pathname,
  feedback(part, button) {
    const feedback = part.querySelector('[data-role="quiz-feedback"]');
    if (feedback && button) placeFeedback(feedback, button);
    return feedback;
  },
  shown(part, chosen) {
    const why = /** @type {HTMLElement | null} */ (part.querySelector('[data-role="quiz-why"]'));
    if (why) why.hidden = chosen === null || !why.childElementCount;
  },
  // the answers kept in this browser could not all be read (progress.js): said once, in the page's last score line
  unreadable() {
    const boxes = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".sg-quiz-box[data-sg-quiz]")]);
    const box = boxes[boxes.length - 1];
    if (box) sayNote(box.querySelector('[data-role="quiz-note"]'), wordsOf(box).unreadable);
  },
});

function updateScore() {
  const { answered, right } = quiz.counts(quiz.questions(document));
  const total = quiz.questions(document).length;
  const boxes = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".sg-quiz-box[data-sg-quiz]")]);
  boxes.forEach((box, n) => {
    const bar = /** @type {HTMLElement | null} */ (box.querySelector('[data-role="quiz-score-bar"]'));
    const line = bar && bar.querySelector('[data-role="quiz-score"]');
    if (!bar || !line) return;
    const words = wordsOf(box);
    line.textContent = `${fill(words.score || "{right}/{answered}", { right, answered })} ${fill(words.total || "", { total })}`.trim();
    bar.hidden = n !== boxes.length - 1; // one score line per page, after its last question
  });
}

/** @param {Event} event */
function onChange(event) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.matches('.sg-quiz-box input[data-action="quiz-ruleids"]')) return;
  const box = input.closest(".sg-quiz-box");
  if (box) box.classList.toggle("sg-quiz--ruleids", input.checked);
}

/** @param {Event} event */
function onClick(event) {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (!button) return;
  if (button.matches(`${QUESTION} button[data-option]`)) {
    if (quiz.answer(button)) updateScore();
  } else if (button.matches('.sg-quiz-box button[data-action="quiz-reset"]')) {
    quiz.reset(PREFIX + location.pathname);
    updateScore();
    button.focus();
  }
}

/** Make every quiz on the page answerable and restore the answers kept for this page. */
export function mountAll(root = document) {
  quiz.mount(root);
  updateScore();
}

start("__skitgubbeQuiz", { click: onClick, change: onChange }, mountAll);
