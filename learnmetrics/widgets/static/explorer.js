// learnmetrics explorers: the front end of learnmetrics.widgets._base.ExplorerView (an anywidget).
//
// Every frame drawn ahead is in the model: one background PNG (the figure at its start) and, per
// position of the linked controls, a layer (the pixels that differ from the background, cropped,
// transparent elsewhere) with its read-out. Every layer is an <img> kept in the DOM (decoded once)
// and every read-out a block in one grid cell (the tallest sets the height): a step only hides one
// layer and its read-out and shows another (visibility: no layout, no decode), in the same task,
// so a frame is never painted with another position's read-out. The controls (ipywidgets sliders ...) are
// jslink-ed to the traits c0..c3, so this works the same with a kernel (JupyterLab, Voila) and
// without one (the static site). A press or drag on a hit region (a ranked list, a score axis) sets
// the control under the pointer; the link moves the slider.
const KEYS = ["c0", "c1", "c2", "c3"];
const PNG = "data:image/png;base64,";

function same(a, b) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "lm-xv";
  const fig = document.createElement("div");
  fig.className = "lm-xv-figure";
  const bg = document.createElement("img");
  bg.className = "lm-xv-bg";
  bg.draggable = false;
  fig.appendChild(bg);
  // the frame shown, composited at the figure's own pixels (background, then the layer at its
  // offset) and scaled as one picture over everything: a layer scaled apart from the background
  // blended with it at every edge at any size but its own (ghosts of the start frame)
  const frame = document.createElement("canvas");
  frame.className = "lm-xv-frame";
  frame.setAttribute("aria-hidden", "true");
  frame.style.visibility = "hidden";
  const ctx = frame.getContext ? frame.getContext("2d") : null;
  fig.appendChild(frame);
  const side = document.createElement("div");
  side.className = "lm-xv-readout";
  const waiting = document.createElement("div");
  waiting.className = "lm-xv-waiting";
  const waitingText = () => {   // in the language the kernel chose (learnmetrics.set_language)
    const i = document.createElement("i");
    i.textContent = model.get("waiting") || "drawing this frame ...";
    waiting.replaceChildren(i);
  };
  waitingText();
  model.on("change:waiting", waitingText);
  waiting.style.visibility = "hidden";
  side.appendChild(waiting);
  // the read-out is announced when it changes (screen readers); where the figure can be pressed
  // or dragged is said under it, in words (not only as a cursor and a tooltip)
  side.setAttribute("aria-live", "polite");
  side.setAttribute("role", "status");
  const hint = document.createElement("div");
  hint.className = "lm-xv-hint";
  root.append(fig, side);
  fig.appendChild(hint);
  function syncHint() {
    const tips = [...new Set((model.get("hits") || []).map(h => h.tip).filter(Boolean))];
    hint.textContent = tips.length ? "\u261D " + tips.join("; ") : "";
    hint.style.display = tips.length ? "" : "none";
  }
  // the slider says the value its read-out shows, not its index (a grid slider's position)
  function syncValueText() {
    const host = root.closest(".widget-vbox, .jupyter-widgets") || el.parentElement;
    const box = host && host.parentElement ? host.parentElement : host;
    if (!box) return;
    for (const handle of box.querySelectorAll('[role="slider"]')) {
      const slider = handle.closest(".widget-slider, .jupyter-widgets");
      const out = slider && slider.querySelector(".widget-readout");
      const text = out ? (out.value !== undefined && out.value !== "" ? out.value : out.textContent) : "";
      if (text) handle.setAttribute("aria-valuetext", String(text).trim());
    }
  }
  el.appendChild(root);

  let layers = [], imgs = [], outs = [], readouts = [];
  // the frames this view has: the model's traits, plus the frames a live kernel sent one at a time
  // since (custom messages {frames: [[slot, layer, read-out], ...]}: no trait is re-sent whole)
  let haveLayers = [], haveReadouts = [];
  const asked = new Set();   // slots this view asked the kernel for (once each)
  const ask = (content) => { try { model.send(content); } catch (e) { /* no kernel (static page) */ } };
  let spare = null, spareImg = null, spareOut = null;
  let shownImg = null, shownOut = null;

  function size() {
    const [w, h] = model.get("size");
    root.style.setProperty("--lm-fig-w", w + "px");
    // the figure keeps at least 85% of its size (or the whole width): else the read-out goes under it
    root.style.setProperty("--lm-fig-min", Math.round(Math.max(Math.min(w, 640), 0.85 * w)) + "px");
    root.style.setProperty("--lm-readout-w", model.get("readout_width"));
    bg.width = w;
    bg.height = h;
  }

  function layerImg(layer) {
    const img = document.createElement("img");
    img.className = "lm-xv-layer";
    img.draggable = false;
    img.alt = "";
    img.style.visibility = "hidden";
    if (layer && layer[2] > 0) {
      const [W, H] = model.get("size");
      img.style.left = (100 * layer[0] / W) + "%";
      img.style.top = (100 * layer[1] / H) + "%";
      img.style.width = (100 * layer[2] / W) + "%";
      img.style.height = (100 * layer[3] / H) + "%";
      img.src = PNG + layer[4];
      if (img.decode) img.decode().catch(() => {});
    } else {
      img.dataset.empty = "1";  // the frame is the background itself
    }
    if (layer && layer[2] > 0) { img.dataset.x = layer[0]; img.dataset.y = layer[1]; }
    fig.insertBefore(img, frame.parentNode === fig ? frame : null);
    return img;
  }

  function composite() {
    const img = shownImg;
    if (!ctx || !img || img.dataset.empty) { frame.style.visibility = "hidden"; return; }
    if (!img.complete || !img.naturalWidth || !bg.complete || !bg.naturalWidth) {
      frame.style.visibility = "hidden";   // the layer alone until both are decoded
      const again = () => { if (shownImg === img) composite(); };
      if (!img.complete) img.addEventListener("load", again, { once: true });
      if (!bg.complete) bg.addEventListener("load", again, { once: true });
      return;
    }
    const [W, H] = model.get("size");
    if (frame.width !== W) frame.width = W;
    if (frame.height !== H) frame.height = H;
    ctx.drawImage(bg, 0, 0, W, H);
    ctx.drawImage(img, +img.dataset.x, +img.dataset.y);
    frame.style.visibility = "visible";
  }

  function readoutDiv(html) {
    const d = document.createElement("div");
    d.className = "lm-xv-text";
    d.innerHTML = html;
    d.style.visibility = "hidden";
    side.appendChild(d);
    return d;
  }

  function drop(node) {
    if (node && node.parentNode) node.parentNode.removeChild(node);
  }

  function syncBackground() {
    const b = model.get("background");
    bg.src = b ? PNG + b : "";
    bg.alt = model.get("alt") || "";
    if (shownImg) composite();
  }

  function syncLayers() {
    const next = haveLayers;
    for (let i = next.length; i < imgs.length; i++) drop(imgs[i]);
    imgs.length = Math.min(imgs.length, next.length);
    for (let i = 0; i < next.length; i++) {
      const old = layers[i], now = next[i];
      if (imgs[i] !== undefined && (old === now || (old && now && same(old, now)))) continue;
      if (imgs[i] === shownImg) shownImg = null;
      drop(imgs[i]);
      imgs[i] = now ? layerImg(now) : null;
    }
    layers = next.slice();   // a copy: haveLayers changes in place when a frame arrives
  }

  function syncReadouts() {
    const next = haveReadouts;
    for (let i = next.length; i < outs.length; i++) drop(outs[i]);
    outs.length = Math.min(outs.length, next.length);
    for (let i = 0; i < next.length; i++) {
      if (outs[i] !== undefined && readouts[i] === next[i]) continue;
      if (outs[i] === shownOut) shownOut = null;
      drop(outs[i]);
      outs[i] = next[i] ? readoutDiv(next[i]) : null;
    }
    readouts = next.slice();
  }

  function syncSpare() {
    const next = model.get("spare") || null;
    if (same(spare, next)) return;
    if (spareImg === shownImg) shownImg = null;
    if (spareOut === shownOut) shownOut = null;
    drop(spareImg); drop(spareOut);
    spare = next;
    spareImg = spare && spare.length ? layerImg(spare[1]) : null;
    spareOut = spare && spare.length ? readoutDiv(spare[2]) : null;
  }

  function position(i) {
    const map = model.get("maps")[i], v = model.get(KEYS[i]);
    if (map.values) {
      for (let p = 0; p < map.values.length; p++) if (map.values[p] === v) return p;
      return -1;
    }
    return typeof v === "number" ? v : -1;
  }

  function slot() {
    const shape = model.get("shape");
    let s = 0;
    for (let i = 0; i < shape.length; i++) {
      const p = position(i);
      if (p < 0 || p >= shape[i]) return -1;
      s = s * shape[i] + p;
    }
    return s;
  }

  function show() {
    const s = slot();
    let img = null, out = null;
    if (spare && spare.length && spare[0] === s) {
      img = spareImg; out = spareOut;
    } else if (s >= 0) {
      img = imgs[s] || null; out = outs[s] || null;
    }
    const ready = img !== null && out !== null;
    if (!ready) { img = null; out = waiting; }
    if (img !== shownImg) {
      if (shownImg) shownImg.style.visibility = "hidden";
      if (img && !img.dataset.empty) img.style.visibility = "visible";
      shownImg = img;
      composite();
    }
    if (out !== shownOut) {
      if (shownOut) shownOut.style.visibility = "hidden";
      out.style.visibility = "visible";
      shownOut = out;
    }
    fig.classList.toggle("lm-xv-pending", !ready);
    root.dataset.slot = String(s);
    try { requestAnimationFrame(syncValueText); } catch (e) { /* no layout (tests) */ }
    // a frame the kernel has not sent: ask for it (drawn now if it is not drawn yet)
    if (!ready && s >= 0 && s < haveLayers.length && !asked.has(s)) { asked.add(s); ask({ need: s }); }
  }

  // -- direct manipulation: a press or a drag on a hit region sets that control -----------------
  let dragging = null;
  function hitAt(ev) {
    const hits = model.get("hits") || [];
    if (!hits.length) return null;
    const r = bg.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const [W, H] = model.get("size");
    const x = (ev.clientX - r.left) * W / r.width, y = (ev.clientY - r.top) * H / r.height;
    for (const h of hits) {
      if (x >= h.box[0] && x <= h.box[2] && y >= h.box[1] && y <= h.box[3]) return { hit: h, x, y };
    }
    return null;
  }
  function nearest(hit, x, y) {
    const at = hit.axis === "y" ? y : x;
    let best = 0, d = Infinity;
    for (let p = 0; p < hit.pos.length; p++) {
      const e = Math.abs(hit.pos[p] - at);
      if (e < d) { d = e; best = p; }
    }
    return best;
  }
  function moveTo(hit, x, y) {
    const i = hit.control, p = nearest(hit, x, y);
    const map = model.get("maps")[i];
    const value = map.values ? map.values[p] : p;
    if (model.get(KEYS[i]) === value) return;
    model.set(KEYS[i], value);
    model.save_changes();
  }
  fig.addEventListener("pointerdown", (ev) => {
    const h = hitAt(ev);
    if (!h || ev.button !== 0) return;
    ev.preventDefault();
    dragging = h.hit;
    try { fig.setPointerCapture(ev.pointerId); } catch (e) { /* synthetic events */ }
    moveTo(h.hit, h.x, h.y);
  });
  fig.addEventListener("pointermove", (ev) => {
    if (dragging) {
      const r = bg.getBoundingClientRect(), [W, H] = model.get("size");
      moveTo(dragging, (ev.clientX - r.left) * W / r.width, (ev.clientY - r.top) * H / r.height);
      return;
    }
    const h = hitAt(ev);
    fig.style.cursor = h ? (h.hit.axis === "y" ? "ns-resize" : "ew-resize") : "";
    fig.title = h ? (h.hit.tip || "") : "";
  });
  const stop = () => { dragging = null; };
  fig.addEventListener("pointerup", stop);
  fig.addEventListener("pointercancel", stop);

  // for the browser tests and benchmarks: what the view holds, read without a kernel
  root.lmView = { hits: () => model.get("hits"), size: () => model.get("size"), slot };
  size();
  syncHint();
  model.on("change:hits", syncHint);
  syncBackground();
  haveLayers = (model.get("layers") || []).slice();
  haveReadouts = (model.get("readouts") || []).slice();
  syncLayers();
  syncReadouts();
  syncSpare();
  show();
  // a view rendered while the kernel draws ahead may have missed frames sent before it listened
  const missing = [];
  for (let i = 0; i < haveLayers.length; i++) if (!haveLayers[i]) missing.push(i);
  if (missing.length && missing.length < haveLayers.length) ask({ missing });
  const onLayers = () => { haveLayers = (model.get("layers") || []).slice(); asked.clear(); syncLayers(); show(); };
  const onReadouts = () => { haveReadouts = (model.get("readouts") || []).slice(); syncReadouts(); show(); };
  const onMessage = (msg) => {
    if (!msg || !Array.isArray(msg.frames)) return;
    for (const [i, layer, html] of msg.frames) {
      if (i < 0 || i >= haveLayers.length) continue;
      haveLayers[i] = layer;
      haveReadouts[i] = html;
    }
    syncLayers(); syncReadouts(); show();
  };
  model.on("msg:custom", onMessage);
  const onSpare = () => { syncSpare(); show(); };
  model.on("change:layers", onLayers);
  model.on("change:readouts", onReadouts);
  model.on("change:spare", onSpare);
  model.on("change:background", () => { syncBackground(); });
  model.on("change:size", size);
  model.on("change:readout_width", size);
  model.on("change:shape", show);
  model.on("change:maps", show);
  for (const k of KEYS) model.on("change:" + k, show);
  return () => { model.off("msg:custom", onMessage); root.remove(); };
}

export default { render };
