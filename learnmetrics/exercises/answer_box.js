// The answer box of an exercise (an anywidget view): the learner types an answer, the verdict and
// its hint appear at once, computed in the page by verdict() above from the exercise's spec.
const COLOURS = { correct: "#009E73", close: "#F0E442", mistake: "#CC79A7", wrong: "#CC79A7", invalid: "#777777",
  open: "#56B4E9" };
const ICONS = { correct: "\u2714", close: "\u2248", mistake: "\u2718", wrong: "\u2718", invalid: "?", open: "\u270e" };
// the box's own words come from MESSAGES too, in the spec's language

// The learner's progress, kept in this browser only (localStorage under STORE_KEY, put before this module by
// _widget.py): {exercise id: the forms solved, "o" the original, "v1".."v5" its variants}. Storage may be
// unavailable (file:// in some browsers, private mode, blocked): then nothing is kept and the box still works.
function progress() {
  try {
    const p = JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
    return p && typeof p === "object" && !Array.isArray(p) ? p : {};
  } catch (e) { return null; }
}
function remember(id, form) {
  const p = progress();
  if (p === null) return;
  const forms = Array.isArray(p[id]) ? p[id] : [];
  if (forms.includes(form)) return;
  p[id] = forms.concat([form]);
  try { localStorage.setItem(STORE_KEY, JSON.stringify(p)); } catch (e) { return; }
  window.dispatchEvent(new CustomEvent("lm-progress"));   // the site's tally follows at once
}
const solvedBefore = (id, form) => { const p = progress(); return !!p && Array.isArray(p[id]) && p[id].includes(form); };

// Export and clear, in JupyterLab and Voila as on the static site (the same file, the same question before
// clearing): the site's own bar does it there, so a box shows its line only on a page without that bar.
function exportProgress() {
  const p = progress();
  if (p === null) return;
  const file = { learnmetrics_progress: 1, exported: new Date().toISOString(), page: location.pathname.split("/").pop(),
    solved: p, note: 'exercise id -> the forms solved: "o" the original, "v1".."v5" its variants' };
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "learnmetrics-progress.json";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
function clearProgress(W) {
  if (progress() === null || !window.confirm(W.site_confirm)) return;
  try { localStorage.removeItem(STORE_KEY); } catch (e) { /* nothing kept */ }
  document.querySelectorAll(".lm-answer-before").forEach((x) => { x.hidden = true; });
  window.dispatchEvent(new CustomEvent("lm-progress"));
}

function render({ model, el }) {
  const spec = model.get("spec");
  const W = MESSAGES[spec.lang || "en"];
  const fill = (key, vars = {}) => W[key].replace(/\{(\w+)\}/g, (g, k) => (k in vars ? String(vars[k]) : g));
  const make = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const variants = Array.isArray(spec.variants) ? spec.variants : [];
  let cur = spec, form = "o", k = -1;   // the exercise shown: the original, or variant k (form "v1".."v5")
  const box = make("div", "lm-answer");
  box.dataset.exercise = spec.id;
  const prompt = make("div", "lm-answer-prompt");   // the prompt in the chosen language, or the variant's
  prompt.setAttribute("aria-live", "polite");
  const want = make("div", "lm-answer-want");
  const row = make("div", "lm-answer-row");
  const input = make(spec.kind === "open" ? "textarea" : "input", "lm-answer-input");
  if (spec.kind !== "open") input.type = "text";
  else input.rows = 3;
  input.placeholder = spec.kind === "open" ? W.box_open_placeholder : (W[`box_${spec.kind}`] || "");
  input.setAttribute("aria-label", fill("box_label", { id: spec.id }));
  input.spellcheck = false;
  const button = make("button", "lm-answer-check", spec.kind === "open" ? W.box_compare : W.box_check);
  const out = make("div", "lm-answer-verdict");
  out.setAttribute("aria-live", "polite");
  const before = make("div", "lm-answer-before", W.box_before);
  const solved = () => remember(spec.id, form);   // "solved before" is said when the box is drawn again
  const show = () => {
    const v = verdict(cur, input.value);
    out.dataset.verdict = v.status;
    out.style.borderLeftColor = COLOURS[v.status];
    out.textContent = "";
    out.appendChild(make("b", "", `${ICONS[v.status]} [${spec.id}] `));
    if (v.status !== "open") {
      out.appendChild(document.createTextNode(v.message));
      if (v.status === "correct") solved();
      return;
    }
    // the matcher's summary, then each key point marked as the words matched it, to tick by the learner
    const lines = v.message.split("\n");
    out.appendChild(document.createTextNode(`${lines[0]}\n${W.box_tick}`));
    const list = make("ul", "lm-answer-points");
    const tally = make("div", "lm-answer-tally");
    const count = () => {
      const n = list.querySelectorAll("input:checked").length;
      tally.textContent = n === cur.key_points.length
        ? fill("box_all", { n })
        : fill("box_some", { n, m: cur.key_points.length });
      if (n === cur.key_points.length) solved();   // every key point named, by the learner's own judgement
    };
    cur.key_points.forEach((p, i) => {
      const li = make("li");
      const label = make("label");
      const tick = make("input");
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
  const picks = make("div", "lm-answer-choices");
  const head = make("div", "lm-answer-variant");   // "Another one (k of n):" and the way back
  const title = make("span");
  const back = make("button", "lm-answer-original", W.box_original);
  back.type = "button";
  head.append(title, " ", back);
  const sol = make("details", "lm-answer-solution");
  const solText = make("pre");
  sol.append(make("summary", "", W.box_solution), solText);
  // show the original (i < 0) or variant i: its prompt, the input and verdict cleared, its worked solution folded
  const pick = (i) => {
    k = i;
    cur = i < 0 ? spec : { ...spec, ...variants[i], variants: undefined };   // the model's spec is never changed
    form = i < 0 ? "o" : `v${i + 1}`;
    prompt.textContent = cur.prompt || "";
    prompt.hidden = !cur.prompt;
    want.textContent = fill("box_want", { id: spec.id, wanted: cur.wanted });
    title.textContent = fill("box_variant", { k: i + 1, n: variants.length });
    head.hidden = i < 0;
    sol.hidden = i < 0 || !cur.solution;
    sol.open = false;
    solText.textContent = cur.solution || "";
    picks.textContent = "";
    picks.hidden = cur.kind !== "choice";
    // each choice as the spec's language names it (choice_names: "偏差²", "方差", ...), else as spelled
    const choices = cur.kind === "choice" ? cur.choices : [];
    const named = Array.isArray(cur.choice_names) ? cur.choice_names
      : (cur.choices_text || "").split("\u3001").map((t) => t.replace(/^'|'$/g, ""));   // a spec stored before
    choices.forEach((c, j) => {
      const name = spec.lang && named.length === choices.length ? named[j] : c;
      const b = make("button", "lm-answer-choice", name);
      b.addEventListener("click", () => { input.value = name; show(); });
      picks.appendChild(b);
    });
    input.value = "";
    out.textContent = "";
    delete out.dataset.verdict;
    before.hidden = !solvedBefore(spec.id, form);
  };
  // the record's line, under a box whose exercise is solved: how many exercises this browser holds as solved,
  // export, clear (not on the static site, whose bar does it for the whole page)
  const kept = make("div", "lm-answer-progress");
  const keptText = make("span");
  const exportButton = make("button", "lm-answer-export", W.site_export);
  const clearButton = make("button", "lm-answer-clear", W.site_clear);
  exportButton.type = clearButton.type = "button";
  exportButton.addEventListener("click", exportProgress);
  clearButton.addEventListener("click", () => clearProgress(W));
  kept.append(keptText, " ", exportButton, " ", clearButton);
  const tallyKept = () => {
    const p = progress();
    const k = p === null ? 0 : Object.keys(p).filter((id) => Array.isArray(p[id]) && p[id].length > 0).length;
    keptText.textContent = fill("box_progress", { k, s: k === 1 ? "" : "s" });
    const mine = p !== null && Array.isArray(p[spec.id]) && p[spec.id].length > 0;   // shown by the solved boxes only
    kept.hidden = !mine || document.querySelector(".lm-progress") !== null;
  };
  window.addEventListener("lm-progress", tallyKept);
  window.addEventListener("storage", tallyKept);
  box.append(head, prompt, want, row, picks, out, before, sol, kept);
  if (variants.length) {
    const another = make("button", "lm-answer-another", W.box_another);
    another.type = "button";
    another.setAttribute("aria-label", W.box_another_label);
    another.addEventListener("click", () => { pick((k + 1) % variants.length); input.focus(); });
    back.addEventListener("click", () => { pick(-1); input.focus(); });
    row.appendChild(another);
  }
  pick(-1);
  tallyKept();
  el.appendChild(box);
  return () => { window.removeEventListener("lm-progress", tallyKept); window.removeEventListener("storage", tallyKept); };
}

export default { render };
