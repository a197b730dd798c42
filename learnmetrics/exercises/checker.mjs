// The in-page checker: the verdict on a typed answer, from an exercise's spec (Exercise.spec()).
// A line-by-line mirror of learnmetrics/exercises/_core.py's reading and _verdict for text answers;
// tests/test_exercise_checker_js.py runs both on a corpus of answers for every exercise and
// requires the same status and the same message.
const MAX_TEXT = 1000;
const NUM = "[-+]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?";
const NUMBER_TEXT = new RegExp("^(?:=\\s*)?(百分之\\s*)?(" + NUM + ")\\s*(?:(/)\\s*(" + NUM +
  ")|(%|percent\\b|pct\\b|per\\s*cent\\b))?\\s*([\\s\\S]*?)\\s*[.,]?$", "i");
const LEAD = /^(?:答案是|答案为|答案|答|约为|约|大约|大概|approximately|approx\.?|about|around|roughly|≈|~)\s*[:=]?\s*/i;
const LABEL = /^([^\s=:≈,;()\[\]0-9.+\-][^\s=:≈,;()\[\]]*(?:\s+[^\s=:≈,;()\[\]0-9.+\-][^\s=:≈,;()\[\]]*){0,2})\s*(?:=|:|≈)\s*/;
const COUNTERS = ["个", "次", "项"];
const JOIN = /(?<=[0-9%])(?:\s+(?:to|and)\s+|\s*(?:和|到|至|与|~|\u2014)\s*|-|\s+-\s+)(?=[-+.0-9])/gi;
let TYPED = "";   // the text the learner typed, being read: messages quote it as typed
const FOLD = { "\u3001": ",", "\u3002": ".", "\u2212": "-", "\u2013": "-", "\u00d7": "x", "\u2044": "/" };
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
// the typed text as the checker reads it (Python's _fold): NFKC, then the ideographic comma and full stop
// and the minus sign to ASCII, surrounding space and quotes removed
const fold = (text) => pyStrip(stripChars(pyStrip([...text.normalize("NFKC")].map((c) => FOLD[c] || c).join("")), QUOTES));
const unitKey = (t) => pyStrip(t).toLowerCase().replace(/\s+/g, " ");
const labelKey = (t) => t.normalize("NFKC").toLowerCase().replace(/\s+/g, "");

// the part of the typed text that reads as sub (a piece of the folded text), as the learner typed it
function asTyped(sub) {
  if (!sub || !TYPED) return sub;
  const chars = [...TYPED];
  const pieces = chars.map((ch) => [...ch.normalize("NFKC")].map((c) => FOLD[c] || c).join(""));
  const at = pieces.join("").indexOf(sub);
  if (at < 0) return sub;
  let pos = 0, first = null, last = null;
  pieces.forEach((p, i) => {
    if (first === null && pos + p.length > at) first = i;
    if (pos < at + sub.length) last = i;
    pos += p.length;
  });
  return pyStrip(chars.slice(first, last + 1).join(""));
}
const short = (t, n = 40) => (t.length <= n ? t : t.slice(0, n) + "\u2026");

function decimalsOf(token) {
  const [mant, exp] = token.toLowerCase().split("e");
  const frac = mant.includes(".") ? mant.split(".")[1] : "";
  return Math.max(0, frac.length - (exp ? parseInt(exp, 10) : 0));
}

// words before a number that is otherwise a whole answer ("x 0.526", "F2 = 0.526"): refused, naming them
function leadWords(s, what, q) {
  const units = (q.units || []).concat(q.quantity === "count" ? COUNTERS : []);
  const re = new RegExp(NUM, "g");
  let n;
  while ((n = re.exec(s)) !== null) {
    const lead = s.slice(0, n.index);
    if (/[^\s\-+.,;:/()\[\]%0-9=eE]/.test(lead)) {
      const m = NUMBER_TEXT.exec(s.slice(n.index));
      if (m !== null && !m[1] && (!m[6] || units.includes(unitKey(m[6])))) {
        throw new BadAnswer(say("lead_unknown", { what, w: short(asTyped(pyStrip(lead)), 20), t: asTyped(m[2]) }));
      }
    }
    if (n[0] === "") re.lastIndex++;
  }
}

// a learner's words before a number, without "=" (Python's _PHRASE), and the words never read past
const WORD = /^[A-Za-z\u0370-\u03ff][A-Za-z0-9_\u0370-\u03ff]*$/;
const PHRASE = /^([^\s\d=:≈,;()\[\]+\-.][^\s=:≈,;()\[\]]*?(?:\s+[^\s\d=:≈,;()\[\]+\-.][^\s=:≈,;()\[\]]*?){0,2}?)(?:\s*(?:是|为)\s*|\s+|(?<=[\u4e00-\u9fff]))(?=[-+]?\.?[0-9])/;
const LABEL_STOP = ["not", "no", "never", "than", "less", "more", "above", "below", "under", "over", "least", "most", "at",
  "minus", "plus", "times", "nor", "or", "without", "between", "from", "to", "and", "up", "within", "except"];
const FILLER = ["the", "is", "its", "was", "will", "be", "it"];
const LABEL_STOP_ZH = /不|没|非|无|大于|小于|至少|至多|最多|最少|超过|低于|高于|以上|以下|多于|少于|不到|接近/;

// whether the words of text are all words of the prompt (Python's _prompt_phrase)
function promptPhrase(text, q) {
  const toks = pyStrip(text).split(/\s+/).filter((w) => w);
  if (!toks.length || !(q.words || []).length) return false;
  const pieces = toks.flatMap((w) => labelKey(w).match(/[\u4e00-\u9fff]+|[^\u4e00-\u9fff]+/g) || []);
  if (pieces.length === 1 && /^[\u4e00-\u9fff]$/.test(pieces[0])) return false;
  for (const k of pieces) {
    if (/^[\u4e00-\u9fff]+$/.test(k)) {
      if (!(q.cjk || []).some((r) => r.includes(k)) || LABEL_STOP_ZH.test(k)) return false;
    } else if (!WORD.test(k) || (!q.words.includes(k) && !FILLER.includes(k)) || LABEL_STOP.includes(k)) {
      return false;
    }
  }
  return true;
}

// s without the words a learner writes before an answer and a label that names the quantity asked
function readLabel(s, what, q) {
  for (let k = 0; k < 3; k++) {
    let m = LEAD.exec(s);
    if (m !== null && m[0].length < s.length) { s = s.slice(m[0].length); continue; }
    m = LABEL.exec(s) || PHRASE.exec(s);
    if (m === null) break;
    const key = labelKey(m[1]);
    if ((q.mine || []).includes(key)) { s = s.slice(m[0].length); continue; }
    if ((q.others || []).includes(key)) throw new BadAnswer(say("label_order", { what, w: short(asTyped(pyStrip(m[1])), 20) }));
    if ((q.given || []).includes(key)) throw new BadAnswer(say("label_given", { what, w: short(asTyped(pyStrip(m[1])), 20) }));
    if ((q.labels || []).includes(key) || promptPhrase(m[1], q)) { s = s.slice(m[0].length); continue; }
    break;
  }
  return s;
}

// (value, decimals, token) of a bare number (a fraction, a percentage where a share is asked), else null
function sameNumber(text, q) {
  const m = NUMBER_TEXT.exec(text);
  if (m === null || m[6]) return null;
  const [pre, num, slash, den, pct0] = [m[1], m[2], m[3], m[4], m[5]];
  const pct = pct0 || pre;
  if (pct && q.quantity !== "share") return null;
  if (slash) { const d = Number(den); return d !== 0 ? [Number(num) / d, null, num + "/" + den] : null; }
  if (pct) return [Number(num) / 100, decimalsOf(num) + 2, num + "%"];
  return [Number(num), decimalsOf(num), num];
}

function readNumberText(text, what, q) {
  const s = readLabel(fold(text), what, q).split("百分之百").join("百分之100");
  const m = NUMBER_TEXT.exec(s);
  if (m === null) {
    leadWords(s, what, q);
    throw new BadAnswer(say("not_number_text", { what, s: short(asTyped(s)) }));
  }
  const [pre, num, slash, den, pct0, rest] = [m[1], m[2], m[3], m[4], m[5], m[6]];
  let pct = pct0 || pre;
  let token = slash ? num + "/" + den : num;
  const units = (q.units || []).concat(q.quantity === "count" ? COUNTERS : []);
  let same = null;
  if (rest && !units.includes(unitKey(rest))) {
    const eq = /^(?:=|≈)\s*([\s\S]+)$/.exec(rest);
    if (eq !== null) same = sameNumber(eq[1], q);
    if (same === null) {
      if (/^[-+0-9.,;/()\[\]\s%eE]*$/.test(rest)) throw new BadAnswer(say("not_number_text", { what, s: short(asTyped(s)) }));
      throw new BadAnswer(say("unit_unknown", { what, w: short(asTyped(pyStrip(rest)), 20), t: asTyped(token) }));
    }
  }
  if (pct && q.quantity !== "share") {
    throw new BadAnswer(say("percent_not_share", { what, q: say("q_" + (q.quantity || "value")) }));
  }
  let value = Number(num), dec = decimalsOf(num);
  if (slash) {
    const d = Number(den);
    if (d === 0) throw new BadAnswer(say("divides_by_zero", { what, s: short(asTyped(s)) }));
    value = value / d; dec = null;
  } else if (pct) {
    value = value / 100; dec = dec + 2;
  }
  if (!Number.isFinite(value)) throw new BadAnswer(say("not_finite_text", { what, s: short(asTyped(s)) }));
  if (same !== null) {
    const [v2, d2, t2] = same;
    const agree = (a, b, d) => d === null || Math.abs(a - b) <= 0.5 * Math.pow(10, -d) * (1 + 1e-9);
    if (!(agree(value, v2, dec) && agree(v2, value, d2))) {
      throw new BadAnswer(say("two_values", { what, a: asTyped(token), b: asTyped(t2) }));
    }
    if (dec !== null && (d2 === null || d2 > dec)) { value = v2; dec = d2; token = t2; pct = false; }
  }
  return [value, dec, token + (pct ? "%" : "")];
}

function readNumber(x, what = say("answer"), q = {}) {
  if (x.length > MAX_TEXT) throw new BadAnswer(say("long_number", { what, n: x.length }));
  return readNumberText(x, what, q);
}

const GROUP = /\s*[(\[]([^()\[\]]*)[)\]]\s*[,;]?/y;

function pieces(text) {
  if (!/[,;]/.test(text)) text = text.replace(JOIN, ",");
  if (!/[,;]/.test(text) && /^\s*\S+(\s+\S+)+\s*$/.test(text)) return pyStrip(text).split(/\s+/);
  let parts = text.split(/[,;]/).map(pyStrip);
  if (parts.length > 1 && parts[parts.length - 1] === "") parts = parts.slice(0, -1);
  return parts.length === 1 && parts[0] === "" ? [] : parts;
}

// s without one pair of brackets around all of it ("(0, 0), (1, 1)" keeps its own)
function outer(s) {
  if (s.length >= 2 && "([".includes(s[0]) && ")]".includes(s[s.length - 1])) {
    let depth = 0;
    for (let i = 0; i < s.length; i++) {
      depth += ("([".includes(s[i]) ? 1 : 0) - (")]".includes(s[i]) ? 1 : 0);
      if (depth === 0) return i === s.length - 1 ? s.slice(1, -1) : s;
    }
  }
  return s;
}

function splitText(text, kind, itemLength, what = say("answer")) {
  if (text.length > MAX_TEXT) throw new BadAnswer(say("long_numbers", { what, n: text.length }));
  let s = fold(text);
  if (s.length > 1 && s[s.length - 1] === "." && ")]".includes(s[s.length - 2])) s = s.slice(0, -1);
  let inner = outer(s);
  if (kind === "sequence" && itemLength) {
    const groups = [];
    inner = pyStrip(inner);
    let pos = 0;
    while (pos < inner.length) {
      GROUP.lastIndex = pos;
      const m = GROUP.exec(inner);
      if (m === null) {
        throw new BadAnswer(say("list_of_tuples", { what, k: itemLength, s: short(asTyped(s)) }));
      }
      groups.push(m[1]);
      pos = GROUP.lastIndex;
    }
    return groups.map(pieces);
  }
  if (/[()\[\]]/.test(inner)) throw new BadAnswer(say("commas", { what, s: short(asTyped(s)) }));
  return pieces(inner);
}

// a typed choice as it is compared (Python's _norm_choice)
export function normChoice(text) {
  let s = pyStrip(text.normalize("NFKC")).toLowerCase();
  s = s.split("^2").join("2").split("\u00b2").join("2").split("alpha").join("\u03b1").split("epsilon").join("\u03b5");
  s = s.split("\u2044").join("/");
  s = s.replace(/^(the|a|an)\s+/, "");
  s = s.replace(/^(答案是|答案为|答案|答|我选择|我选|选择|选)\s*:?\s*/, "");
  s = s.replace(/\s+(and|&)\s+|&|以及|和|与|及/g, ",");
  return s.replace(/[\s\-_.,!?;:'"`\u201c\u201d\u2018\u2019\u3002\u3001\u2010-\u2015\u2212]+/g, "");
}

function words(text) {
  return (text.match(/[A-Za-z0-9]+/g) || []).length + Math.floor(((text.match(/[\u4e00-\u9fff]/g) || []).length + 1) / 2);
}

// a text as the key terms are matched in it (Python's _key_norm)
const keyNorm = (text) => pyStrip(text.normalize("NFKC").toLowerCase().replace(/\u2019/g, "'")
  .replace(/[-_\u2010-\u2015]/g, " ").replace(/\s+/g, " "));
const NEG_EN = /(?:(?<![a-z])(?:not|no|never|cannot|without|neither|nor|hardly)|n't) (?:[a-z]+ )?$/;
const NEG_ZH = /(?:不|没有|没|未|非|无|无法|不能|不会|不是|并非)$/;

// whether the spelling alt occurs in s (ns: without spaces) other than right after a negation (Python's _named)
function named(alt, s, ns) {
  if (/[\u4e00-\u9fff]/.test(alt)) {
    const a = alt.split(" ").join("");
    let i = ns.indexOf(a);
    while (i >= 0) {
      if (!NEG_ZH.test(ns.slice(0, i))) return true;
      i = ns.indexOf(a, i + 1);
    }
    return false;
  }
  let i = s.indexOf(alt);
  while (i >= 0) {
    const j = i + alt.length;
    const start = !/^[a-z0-9]/.test(alt) || i === 0 || !/[a-z0-9]/.test(s[i - 1]);
    const end = alt.length > 3 || !/[a-z0-9]$/.test(alt) || !/^(?:[a-z0-9]|[.,][0-9])/.test(s.slice(j));
    if (start && end && !NEG_EN.test(s.slice(0, i))) return true;
    i = s.indexOf(alt, i + 1);
  }
  return false;
}

// for each key point (its terms, each a list of spellings), whether the words name every one of its terms
const touched = (pointTerms, text) => {
  const s = keyNorm(text), ns = s.split(" ").join("");
  return pointTerms.map((t) => t.length > 0 && t.every((term) => term.some((a) => named(a, s, ns))));
};

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
  const qs = spec.quantities || ["value"];
  const at = spec.labels_at || [];
  const qof = (i) => ({ quantity: qs[i % qs.length], units: spec.units || [],
    labels: kind === "number" ? (spec.labels || []) : [], mine: i < at.length ? at[i] : [],
    words: spec.words || [], cjk: spec.cjk || [], given: spec.given || [],
    others: at.flatMap((e, j) => (j !== i ? e : [])) });
  TYPED = value;
  if (kind === "number") {
    const [v, d, t] = readNumber(value, say("answer"), qof(0));
    return [[v], [d], [t]];
  }
  const items = splitText(value, kind, spec.item_length);
  if (spec.length !== null && items.length !== spec.length && kind === "tuple" && items.some((v) => !/[0-9]/.test(v))) {
    throw new BadAnswer(say("commas", { what: say("answer"), s: short(pyStrip(value)) }));
  }
  if (spec.length !== null && items.length !== spec.length) {
    throw new BadAnswer(say("length", { n: spec.length, m: items.length }));
  }
  const vals = [], decs = [], toks = [];
  if (kind === "tuple" || !spec.item_length) {
    items.forEach((v, i) => {
      const [a, d, t] = readNumber(v, say("entry", { i: i + 1 }), qof(i));
      vals.push(a); decs.push(d); toks.push(t);
    });
    return [vals, decs, toks];
  }
  items.forEach((v, i) => {
    if (v.length !== spec.item_length) {
      throw new BadAnswer(say("item_length", { i: i + 1, k: spec.item_length, s: `"${short(v.join(", "))}"` }));
    }
    v.forEach((u, j) => {
      const [a, d, t] = readNumber(u, say("entry", { i: i + 1 }), qof(j));
      vals.push(a); decs.push(d); toks.push(t);
    });
  });
  return [vals, decs, toks];
}

const flat = (a) => (Array.isArray(a) ? a.flatMap(flat) : [a]);

function entry(x, dec, t, tol, want, least = 0, slack = 0) {
  if (Math.abs(x - t) <= tol * (1 + 1e-9)) return "ok";
  if (dec !== null && least <= dec && dec <= want && dec < POW10.length && x !== 0 &&
      1 / POW10[dec] <= Math.abs(t) * (1 + 1e-9) && (dec >= 1 || Math.abs(t) >= 10)) {
    const unit = 1 / POW10[dec], off = Math.abs(x - t);
    if (dec < want && (off < 0.5 * unit * (1 - 1e-9) || (off <= 0.5 * unit * (1 + 1e-9) && Math.abs(x) > Math.abs(t)))) {
      return "round";
    }
    const d = Math.abs(t) - Math.abs(x);
    if ((x >= 0) === (t >= 0) && d >= 0 && d < unit * (1 - 1e-9)) return "cut";
  }
  if (slack > tol && Math.abs(x - t) <= slack * (1 + 1e-9)) return "slack";
  return "no";
}

const states = (g, decs, target, tol, want, least = 0, slack = 0) =>
  g.map((x, i) => entry(x, decs[i], target[i], tol, want, least, slack));

// 'entry 2', 'entries 1 and 3'; with the parts' names where the spec gives them: 'P and R'
function entriesText(idx, word, parts = null) {
  let names = idx.map((i) => String(i + 1));
  if (parts && parts.length && word === "entry" && idx.every((i) => i < parts.length)) {
    names = idx.map((i) => parts[i]); word = "part";
  }
  if (names.length === 1) return say(`${word}_one`, { n: names[0] });
  return say(`${word}_many`, { list: names.slice(0, -1).join(say("list_sep")) + say("list_and") + names[names.length - 1] });
}

const numText = (x) => x.toFixed(6).replace(/0+$/, "").replace(/\.$/, "");

function closeText(spec, st, decs, toks, also) {
  const parts = [];
  const k = spec.kind === "sequence" ? spec.item_length : null;
  st.forEach((state, i) => {
    if (state === "ok") return;
    const d = decs[i];
    const part = say("c_" + state, { x: toks[i], k: d, s: d !== 1 ? "s" : "", e: numText(spec.slack) });
    const where = k ? say("point_at", { p: Math.floor(i / k) + 1 }) : say("entry_at", { i: i + 1 });
    parts.push(st.length === 1 ? part : where + part);
  });
  let text = say("close", { parts: parts.join(say("part_sep")), precision: spec.precision });
  if (also !== null) text += say("close_also", { mistake: also.mistake.replace(/[ .,;:。，；]+$/, "") });
  return text;
}

function verdictOf(spec, answer) {
  const kind = spec.kind;
  const [given, decs, toks] = normalise(spec, answer);
  if (kind === "open") {
    const hit = touched(spec.key_terms, given);
    const points = spec.key_points.map((p, i) => `${hit[i] ? "\u2714" : "\u2610"} ${p}`).join("\n");
    return { status: "open", message: say("open", { k: hit.filter(Boolean).length, n: spec.key_points.length, points }) };
  }
  if (kind === "choice") {
    if (given === spec.answer) return { status: "correct", message: say("correct", { answer: spec.answer_text }) };
    for (const [i, m] of spec.mistakes.entries()) {
      if (m.answer === given) return { status: "mistake", message: say("mistake", { mistake: m.mistake, hint: m.hint }), mistake: i };
    }
    return { status: "wrong", message: say("wrong", { hint: spec.hint }) };
  }
  const g = given, tol = spec.tolerance, want = spec.decimals, a = flat(spec.answer);
  const st = states(g, decs, a, tol, want, 0, spec.slack || 0);
  const far = (target) => Math.max(...g.map((x, i) => Math.abs(x - target[i])));
  const off = far(a);
  let best = null;
  for (const [i, m] of spec.mistakes.entries()) {
    const ma = flat(m.answer);
    if (states(g, decs, ma, tol, want, 2).every((s) => s !== "no")) {
      const near = far(ma);
      if (near < off && (best === null || near < best[0])) best = [near, m, i];
    }
  }
  let also = best;
  if (best === null) {   // a close answer that is as near a listed mistake (at any precision) says so too
    for (const m of spec.mistakes) {
      const ma = flat(m.answer);
      if (states(g, decs, ma, tol, want).every((s) => s !== "no")) {
        const near = far(ma);
        if (near <= off && (also === null || near < also[0])) also = [near, m];
      }
    }
  }
  if (best === null) {
    const qs0 = spec.quantities || ["value"];
    for (let i = 0; i < g.length; i++) {
      if (qs0[i % qs0.length] === "count" && g[i] !== Math.floor(g[i])) {
        return { status: "invalid", message: say("count_whole", { t: toks[i] }) };
      }
    }
  }
  if (st.every((s) => s === "ok")) return { status: "correct", message: say("correct", { answer: spec.answer_text }) };
  if (st.every((s) => s !== "no")) {
    return { status: "close", message: closeText(spec, st, decs, toks, also === null ? null : also[1]) };
  }
  if (best !== null) {
    return { status: "mistake", message: say("mistake", { mistake: best[1].mistake, hint: best[1].hint }), mistake: best[2] };
  }
  const qs = spec.quantities || ["value"];
  const shares = g.map((x, i) => qs[i % qs.length] === "share");
  if (shares.every(Boolean) && a.every((t) => t >= 0 && t <= 1) && g.some((x) => Math.abs(x) > 1) &&
      g.every((x) => Math.abs(x) <= 100) && !toks.some((t) => t.endsWith("%"))) {
    const ps = states(g.map((x) => x / 100), decs.map((d) => (d === null ? null : d + 2)), a, tol, want);
    if (ps.every((s) => s !== "no")) {
      const msg = g.length === 1 ? say("percent_one", { t: toks[0] }) : say("percent_many");
      return { status: "invalid", message: msg[0].toUpperCase() + msg.slice(1) };
    }
  }
  if (spec.signed) {
    const flips = [];
    g.forEach((x, i) => {
      if (st[i] === "no" && Math.abs(a[i]) > tol && entry(-x, decs[i], a[i], tol, want) !== "no") flips.push(i);
    });
    if (flips.length && st.every((s, i) => s !== "no" || flips.includes(i))) {
      const where = g.length === 1 ? "" : say("where", { which: entriesText(flips, "entry") });
      return { status: "mistake", message: say("mistake", { mistake: say("sign", { where }), hint: say("sign_hint") }) };
    }
  }
  if (g.length === 1 && shares[0] && !(g[0] >= 0 && g[0] <= 1)) {
    return { status: "wrong", message: say("share_range", { t: toks[0], hint: spec.hint }) };
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
      if (st.some((s) => s !== "ok" && s !== "no")) {
        const key = bad.length === 1 ? "wrong_one_close" : "wrong_many_close";
        return { status: "wrong", message: say(key, { which: entriesText(bad, word, spec.parts), hint: spec.hint }) };
      }
      // per-part credit: which parts are right
      const good = [...Array(n).keys()].filter((i) => !bad.includes(i));
      const right = say(good.length === 1 ? "right_one" : "right_many", { which: entriesText(good, word, spec.parts) });
      const wrong = say(bad.length === 1 ? "is_wrong_one" : "is_wrong_many", { which: entriesText(bad, word, spec.parts) });
      return { status: "wrong", message: say("wrong_parts", { right, wrong, hint: spec.hint }) };
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
