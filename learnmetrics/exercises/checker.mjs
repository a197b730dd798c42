// The in-page checker: the verdict on a typed answer, from an exercise's spec (Exercise.spec()).
// A line-by-line mirror of learnmetrics/exercises/_core.py's reading and _verdict for text answers;
// tests/test_exercise_checker_js.py runs both on a corpus of answers for every exercise and
// requires the same status and the same message.
const MAX_TEXT = 1000;
const NUM = "[-+]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?";
const UNIT_WORD = "[A-Za-z\\u00b5\\u00b0\\u4e00-\\u9fff]+(?:\\^-?[0-9]+|[\\u00b2\\u00b3])?";
const NUMBER_TEXT = new RegExp("^=?\\s*(" + NUM + ")\\s*(?:(/)\\s*(" + NUM + ")|(%))?\\s*(" + UNIT_WORD +
  "(?:[ /\\u00b7*]+" + UNIT_WORD + ")*\\.?)?$");
const QUOTES = "\"'\u201c\u201d\u2018\u2019`";
const POW10 = Array.from({ length: 23 }, (_, k) => Number("1e" + k));

class BadAnswer extends Error {}

// MESSAGES (Python's learnmetrics.exercises._core.MESSAGES, put before this module by _widget.py):
// the words of every verdict in each language; the spec's lang chooses (English when it has none).
let L = MESSAGES.en;
const say = (key, vars = {}) => L[key].replace(/\{(\w+)\}/g, (g, k) => (Object.prototype.hasOwnProperty.call(vars, k)
  ? String(vars[k]) : g));

const pyStrip = (s) => s.replace(/^\s+|\s+$/g, "");
function stripChars(s, chars) {
  let a = 0, b = s.length;
  while (a < b && chars.includes(s[a])) a++;
  while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
}
const short = (t, n = 40) => (t.length <= n ? t : t.slice(0, n) + "\u2026");

function decimalsOf(token) {
  const [mant, exp] = token.toLowerCase().split("e");
  const frac = mant.includes(".") ? mant.split(".")[1] : "";
  return Math.max(0, frac.length - (exp ? parseInt(exp, 10) : 0));
}

function readNumberText(text, what) {
  const s = pyStrip(stripChars(pyStrip(text), QUOTES));
  const m = NUMBER_TEXT.exec(s);
  if (m === null) throw new BadAnswer(say("not_number_text", { what, s: short(s) }));
  const [num, slash, den, pct] = [m[1], m[2], m[3], m[4]];
  let value = Number(num), dec = decimalsOf(num);
  if (slash) {
    const d = Number(den);
    if (d === 0) throw new BadAnswer(say("divides_by_zero", { what, s: short(s) }));
    value = value / d; dec = null;
  } else if (pct) {
    value = value / 100; dec = dec + 2;
  }
  if (!Number.isFinite(value)) throw new BadAnswer(say("not_finite_text", { what, s: short(s) }));
  return [value, dec, num + (pct ? "%" : "")];
}

function readNumber(x, what = say("answer")) {
  if (x.length > MAX_TEXT) throw new BadAnswer(say("long_number", { what, n: x.length }));
  return readNumberText(x, what);
}

const GROUP = /\s*[(\[]([^()\[\]]*)[)\]]\s*[,;]?/y;

function pieces(text) {
  let parts = text.split(/[,;]/).map(pyStrip);
  if (parts.length > 1 && parts[parts.length - 1] === "") parts = parts.slice(0, -1);
  return parts.length === 1 && parts[0] === "" ? [] : parts;
}

function splitText(text, kind, itemLength, what = say("answer")) {
  const s = pyStrip(stripChars(pyStrip(text), QUOTES));
  if (s.length > MAX_TEXT) throw new BadAnswer(say("long_numbers", { what, n: s.length }));
  let inner = s.length >= 2 && "([".includes(s[0]) && ")]".includes(s[s.length - 1]) ? s.slice(1, -1) : s;
  if (kind === "sequence" && itemLength) {
    const groups = [];
    inner = pyStrip(inner);
    let pos = 0;
    while (pos < inner.length) {
      GROUP.lastIndex = pos;
      const m = GROUP.exec(inner);
      if (m === null) {
        throw new BadAnswer(say("list_of_tuples", { what, k: itemLength, s: short(s) }));
      }
      groups.push(m[1]);
      pos = GROUP.lastIndex;
    }
    return groups.map(pieces);
  }
  if (/[()\[\]]/.test(inner)) throw new BadAnswer(say("commas", { what, s: short(s) }));
  return pieces(inner);
}

export function normChoice(text) {
  let s = pyStrip(text).toLowerCase();
  s = s.split("^2").join("2").split("\u00b2").join("2").split("alpha").join("\u03b1").split("epsilon").join("\u03b5");
  s = s.replace(/^(the|a|an)\s+/, "");
  return s.replace(/[\s\-_.,!?'"`\u201c\u201d\u2018\u2019]+/g, "");
}

function words(text) {
  return (text.match(/[A-Za-z0-9]+/g) || []).length + Math.floor((text.match(/[\u4e00-\u9fff]/g) || []).length / 2);
}

function normalise(spec, value) {
  const kind = spec.kind;
  if (kind === "open") {
    if (!pyStrip(value)) throw new BadAnswer(say("open_empty"));
    if (words(value) < 3) throw new BadAnswer(say("open_short", { s: short(pyStrip(value)) }));
    return [pyStrip(value), null, null];
  }
  if (kind === "choice") {
    const key = normChoice(value.slice(0, MAX_TEXT));
    for (const c of spec.choices) if (normChoice(c) === key) return [c, null, null];
    if (Object.prototype.hasOwnProperty.call(spec.aliases, key)) return [spec.aliases[key], null, null];
    throw new BadAnswer(say("choice_bad", { choices: spec.choices_text, s: short(pyStrip(value)) }));
  }
  if (kind === "number") {
    const [v, d, t] = readNumber(value);
    return [[v], [d], [t]];
  }
  const items = splitText(value, kind, spec.item_length);
  if (spec.length !== null && items.length !== spec.length) {
    throw new BadAnswer(say("length", { n: spec.length, m: items.length }));
  }
  const vals = [], decs = [], toks = [];
  if (kind === "tuple" || !spec.item_length) {
    items.forEach((v, i) => {
      const [a, d, t] = readNumber(v, say("entry", { i: i + 1 }));
      vals.push(a); decs.push(d); toks.push(t);
    });
    return [vals, decs, toks];
  }
  items.forEach((v, i) => {
    if (v.length !== spec.item_length) {
      throw new BadAnswer(say("item_length", { i: i + 1, k: spec.item_length, s: `"${short(v.join(", "))}"` }));
    }
    v.forEach((u) => {
      const [a, d, t] = readNumber(u, say("entry", { i: i + 1 }));
      vals.push(a); decs.push(d); toks.push(t);
    });
  });
  return [vals, decs, toks];
}

const flat = (a) => (Array.isArray(a) ? a.flatMap(flat) : [a]);

function entry(x, dec, t, tol, want, least = 1) {
  if (Math.abs(x - t) <= tol) return "ok";
  if (dec !== null && least <= dec && dec < want && dec < POW10.length) {
    const unit = 1 / POW10[dec];
    if (Math.abs(x - t) <= 0.5 * unit * (1 + 1e-9)) return "slip";
    const d = Math.abs(t) - Math.abs(x);
    if ((x >= 0) === (t >= 0) && d >= 0 && d < unit * (1 - 1e-9)) return "slip";
  }
  return "no";
}

const states = (g, decs, target, tol, want, least = 1) => g.map((x, i) => entry(x, decs[i], target[i], tol, want, least));

function entriesText(idx, word) {
  const names = idx.map((i) => String(i + 1));
  if (names.length === 1) return say(`${word}_one`, { n: names[0] });
  return say(`${word}_many`, { list: names.slice(0, -1).join(say("list_sep")) + say("list_and") + names[names.length - 1] });
}

function verdictOf(spec, answer) {
  const kind = spec.kind;
  const [given, decs, toks] = normalise(spec, answer);
  if (kind === "open") {
    const points = spec.key_points.map((p) => `\u2610 ${p}`).join("\n");
    return { status: "open", message: say("open", { points }) };
  }
  if (kind === "choice") {
    if (given === spec.answer) return { status: "correct", message: say("correct", { answer: spec.answer_text }) };
    for (const [i, m] of spec.mistakes.entries()) {
      if (m.answer === given) return { status: "mistake", message: say("mistake", { mistake: m.mistake, hint: m.hint }), mistake: i };
    }
    return { status: "wrong", message: say("wrong", { hint: spec.hint }) };
  }
  const g = given, tol = spec.tolerance, want = spec.decimals, a = flat(spec.answer);
  const st = states(g, decs, a, tol, want);
  if (st.every((s) => s === "ok")) return { status: "correct", message: say("correct", { answer: spec.answer_text }) };
  for (const rule of ["ok", "slip"]) {
    if (rule === "slip" && st.every((s) => s !== "no")) {
      const k = Math.min(...decs.filter((d, i) => st[i] === "slip"));
      return { status: "close", message: say(st.length === 1 ? "close_one" : "close_many",
        { k, s: k > 1 ? "s" : "", precision: spec.precision }) };
    }
    for (const [i, m] of spec.mistakes.entries()) {
      const ms = states(g, decs, flat(m.answer), tol, want, 2);
      if (ms.every((s) => s === "ok") || (rule === "slip" && ms.every((s) => s !== "no"))) {
        return { status: "mistake", message: say("mistake", { mistake: m.mistake, hint: m.hint }), mistake: i };
      }
    }
  }
  if (a.every((t) => t >= 0 && t <= 1) && g.some((x) => Math.abs(x) > 1) && g.every((x) => Math.abs(x) <= 100)) {
    const ps = states(g.map((x) => x / 100), decs.map((d) => (d === null ? null : d + 2)), a, tol, want);
    if (ps.every((s) => s !== "no")) {
      const msg = g.length === 1 ? say("percent_one", { t: toks[0] }) : say("percent_many");
      return { status: "invalid", message: msg[0].toUpperCase() + msg.slice(1) };
    }
  }
  const flips = [];
  g.forEach((x, i) => {
    if (st[i] === "no" && Math.abs(a[i]) > tol && entry(-x, decs[i], a[i], tol, want) !== "no") flips.push(i);
  });
  if (flips.length && st.every((s, i) => s !== "no" || flips.includes(i))) {
    const where = g.length === 1 ? "" : say("where", { which: entriesText(flips, "entry") });
    return { status: "mistake", message: say("mistake", { mistake: say("sign", { where }), hint: say("sign_hint") }) };
  }
  if (g.length > 1) {
    let bad, word, n;
    if (kind === "sequence" && spec.item_length) {
      bad = [...new Set(st.flatMap((s, i) => (s === "no" ? [Math.floor(i / spec.item_length)] : [])))].sort((x, y) => x - y);
      word = "point"; n = spec.length;
    } else {
      bad = st.flatMap((s, i) => (s === "no" ? [i] : [])); word = "entry"; n = g.length;
    }
    if (bad.length < n) {
      return { status: "wrong", message: say(bad.length === 1 ? "wrong_one" : "wrong_many",
        { which: entriesText(bad, word), hint: spec.hint }) };
    }
  }
  return { status: "wrong", message: say("wrong", { hint: spec.hint }) };
}

// The verdict on the typed text ``answer``: {status, message} as Python's check(spec.id, answer) gives it.
export function verdict(spec, answer) {
  L = MESSAGES[spec.lang || "en"];
  try {
    return verdictOf(spec, String(answer));
  } catch (err) {
    if (err instanceof BadAnswer) return { status: "invalid", message: err.message };
    throw err;
  }
}
