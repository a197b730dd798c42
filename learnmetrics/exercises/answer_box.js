// The answer box of an exercise (an anywidget view): the learner types an answer, the verdict and
// its hint appear at once, computed in the page by verdict() above from the exercise's spec.
const COLOURS = { correct: "#009E73", close: "#F0E442", mistake: "#CC79A7", wrong: "#CC79A7", invalid: "#777777",
  open: "#56B4E9" };
const ICONS = { correct: "\u2714", close: "\u2248", mistake: "\u2718", wrong: "\u2718", invalid: "?", open: "\u270e" };
// the box's own words come from MESSAGES too, in the spec's language

function render({ model, el }) {
  const spec = model.get("spec");
  const W = MESSAGES[spec.lang || "en"];
  const fill = (key, vars = {}) => W[key].replace(/\{(\w+)\}/g, (g, k) => (k in vars ? String(vars[k]) : g));
  const box = document.createElement("div");
  box.className = "lm-answer";
  box.dataset.exercise = spec.id;
  const want = document.createElement("div");
  want.className = "lm-answer-want";
  want.textContent = fill("box_want", { id: spec.id, wanted: spec.wanted });
  const row = document.createElement("div");
  row.className = "lm-answer-row";
  const input = document.createElement(spec.kind === "open" ? "textarea" : "input");
  input.className = "lm-answer-input";
  if (spec.kind !== "open") input.type = "text";
  else input.rows = 3;
  input.placeholder = spec.kind === "open" ? W.box_open_placeholder : (W[`box_${spec.kind}`] || "");
  input.setAttribute("aria-label", fill("box_label", { id: spec.id }));
  input.spellcheck = false;
  const button = document.createElement("button");
  button.className = "lm-answer-check";
  button.textContent = spec.kind === "open" ? W.box_compare : W.box_check;
  const out = document.createElement("div");
  out.className = "lm-answer-verdict";
  out.setAttribute("aria-live", "polite");
  const show = () => {
    const v = verdict(spec, input.value);
    out.dataset.verdict = v.status;
    out.style.borderLeftColor = COLOURS[v.status];
    out.textContent = "";
    const head = document.createElement("b");
    head.textContent = `${ICONS[v.status]} [${spec.id}] `;
    out.appendChild(head);
    if (v.status !== "open") {
      out.appendChild(document.createTextNode(v.message));
      return;
    }
    // the matcher's summary, then each key point marked as the words matched it, to tick by the learner
    const lines = v.message.split("\n");
    out.appendChild(document.createTextNode(`${lines[0]}\n${W.box_tick}`));
    const list = document.createElement("ul");
    list.className = "lm-answer-points";
    const tally = document.createElement("div");
    tally.className = "lm-answer-tally";
    const count = () => {
      const n = list.querySelectorAll("input:checked").length;
      tally.textContent = n === spec.key_points.length
        ? fill("box_all", { n })
        : fill("box_some", { n, m: spec.key_points.length });
    };
    spec.key_points.forEach((p, i) => {
      const li = document.createElement("li");
      const label = document.createElement("label");
      const tick = document.createElement("input");
      tick.type = "checkbox";
      tick.addEventListener("change", count);
      label.append(tick, ` ${lines[i + 1] || p}`);
      li.appendChild(label);
      list.appendChild(li);
    });
    out.append(list, tally);
    count();
  };
  button.addEventListener("click", show);
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (spec.kind !== "open" || e.ctrlKey || e.metaKey)) { e.preventDefault(); show(); }
    e.stopPropagation();   // typing in the box never runs JupyterLab's shortcuts
  });
  row.append(input, button);
  if (spec.prompt) {   // the prompt in the chosen language (the notebook's cell says it in English)
    const prompt = document.createElement("div");
    prompt.className = "lm-answer-prompt";
    prompt.textContent = spec.prompt;
    box.appendChild(prompt);
  }
  box.append(want, row);
  if (spec.kind === "choice") {
    const picks = document.createElement("div");
    picks.className = "lm-answer-choices";
    spec.choices.forEach((c) => {
      const b = document.createElement("button");
      b.className = "lm-answer-choice";
      b.textContent = c;
      b.addEventListener("click", () => { input.value = c; show(); });
      picks.appendChild(b);
    });
    box.appendChild(picks);
  }
  box.appendChild(out);
  el.appendChild(box);
}

export default { render };
