// Submit: the student's answers as an attempt record (negaviz.quiz.attempt; its schema is
// negaviz/quiz/attempt.schema.json).  The record holds what was set (the data's
// submit.exercise), the raw answers in the order given, and the page's verdict marked
// advisory: staff grade the answers afresh and never read it.  A widget hands the record to
// the kernel, which saves it beside the notebook; a page downloads it.  The record's format,
// schema, version and file name come in the data (submit), so nothing here is declared twice.
//
// bootGradedPage() runs a graded page (negaviz exercises --graded): the tree drawn, answer
// fields, and submit; that page carries no key and no search, so it grades nothing.

/**
 * The answers in the order given: each change of a field, each edge marked or unmarked;
 * and, in the same order, what the page did that a class report counts (never graded):
 * each check, and each time it showed the search's answers (show me at a node, or the
 * student stepping through the search after a check).
 * @returns {{value: (node: string, text: string) => void, window: (node: string, text: string) => void,
 *            cut: (node: string, on: boolean) => void, checked: () => void, shown: (node?: string|null) => void,
 *            list: Array<object>}}
 */
export function answerLog() {
  const list = [];
  return {
    list,
    value: (node, text) => list.push({ kind: "value", node, text: String(text) }),
    window: (node, text) => list.push({ kind: "window", node, text: String(text) }),
    cut: (node, on) => list.push({ kind: on ? "cut" : "uncut", node }),
    checked: () => list.push({ kind: "checked" }),
    shown: (node = null) => list.push(node ? { kind: "shown", node } : { kind: "shown" }),
  };
}

/**
 * The record of one or more exercises answered.
 * @param {{format: string, schema: number, negaviz: string, student: (string|null)}} submit the data's submit
 * @param {Array<{exercise: object, answers: Array<object>, verdict: (object|null)}>} answered
 */
export function attemptRecord(submit, answered) {
  return {
    format: submit.format, schema: submit.schema, negaviz: submit.negaviz, student: submit.student ?? null,
    exercises: answered.map((a) => ({ exercise: a.exercise, answers: a.answers.slice(), verdict: a.verdict ?? null })),
  };
}

/** The page's verdict as the record keeps it: advisory, never a grade. */
export function advisory(g) {
  return g ? { advisory: true, correct: !!g.correct, score: g.score.slice(), mistake: g.mistake ?? null, sentence: g.sentence } : null;
}

function downloadRecord(record, filename) {
  const blob = new Blob([JSON.stringify(record, null, 1) + "\n"], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}

// What the student is told (the data's submit.words: negaviz/quiz/words.json's submit;
// this file runs alone on a graded page, so it fills the one part itself).
const told = (template, part) => template.replace(/\{\w+\}/, () => part);

/**
 * Save a record: to the kernel where the widget names a file beside the notebook (its
 * model's answers_file), else as a download named submit.file.  Returns what the student is told.
 */
export function saveRecord(model, record, submit) {
  const file = model && typeof model.get === "function" ? model.get("answers_file") : "";
  if (file) {
    model.send({ type: "attempt", record });
    return told(submit.words.submitting, file);
  }
  downloadRecord(record, submit.file);
  return told(submit.words.downloaded, submit.file);
}

/**
 * A submit button for a practice stepper (practice-ui.js's hook): on press it asks for the
 * answers as they are and the verdict shown, and saves the record.
 * @param {{submit: object, model: object, answers: () => Array<object>, verdict: () => (object|null),
 *          perspective: () => string, windows: () => boolean, say: (text: string) => void}} args
 */
export function makeSubmit({ submit, model, answers, verdict, perspective, windows, say }) {
  const el = document.createElement("button");
  el.type = "button";
  el.textContent = submit.words.button[0];
  el.title = submit.words.button[1];
  el.setAttribute("aria-label", el.title);
  // The kernel says whether it saved the record (negaviz.widgets.stepper's StepperView).
  if (model && typeof model.on === "function") {
    model.on("msg:custom", (msg) => {
      if (msg && msg.type === "saved") say(told(submit.words.saved, msg.file));
      else if (msg && msg.type === "not-saved") say(told(submit.words.not_saved, msg.why));
    });
  }
  el.addEventListener("click", () => {
    const exercise = { ...submit.exercise, perspective: perspective(), windows: !!windows() }; // as asked: windows while shown
    say(saveRecord(model, attemptRecord(submit, [{ exercise, answers: answers(), verdict: verdict() }]), submit));
  });
  return el;
}

/**
 * Run a graded page: every input and checkbox of each exercise's form is logged as it
 * changes (data-kind, data-node), and submit downloads one record of every exercise.
 * @param {Document} doc
 */
export function bootGradedPage(doc) {
  const data = JSON.parse(doc.getElementById("negaviz-graded").textContent);
  const logs = data.exercises.map(() => answerLog());
  for (const field of doc.querySelectorAll("[data-exercise]")) {
    const log = logs[Number(field.dataset.exercise)];
    field.addEventListener("change", () => {
      const node = field.dataset.node;
      if (field.dataset.kind === "cut") log.cut(node, field.checked);
      else log[field.dataset.kind](node, field.value);
    });
  }
  const status = doc.getElementById("negaviz-status");
  doc.getElementById("negaviz-submit").addEventListener("click", () => {
    const record = attemptRecord(data.submit, data.exercises.map((exercise, i) => ({ exercise, answers: logs[i].list, verdict: null })));
    status.textContent = saveRecord(null, record, data.submit);
  });
}
