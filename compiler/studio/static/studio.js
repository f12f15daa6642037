// Runeforge studio: the page's only script (served from the package, allowed by CSP
// 'self'). Card data is only ever put into the page with textContent, never as HTML.
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const DEBOUNCE_MS = 250;
  const state = { path: null, version: null, seq: 0, timer: null, card: null, faceUrl: null,
                  all: [], games: [], dirty: false, theirs: null };

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }

  async function api(path, body, asBlob) {
    const opts = { headers: { "X-Studio-Token": token } };
    if (body !== undefined) {
      opts.method = "POST";
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(path, opts);
    if (asBlob && res.ok) return res.blob();
    const data = await res.json().catch(() => ({ error: "HTTP " + res.status }));
    if (!res.ok && !data.error) data.error = "HTTP " + res.status;
    return data;
  }

  function status(text) { $("status").textContent = text; }

  // ---- editor with underlines ---------------------------------------------------------
  function lineOfCursor() {
    const ta = $("editor");
    return ta.value.slice(0, ta.selectionStart).split("\n").length;
  }

  function paintUnderlines(diags) {
    const lines = $("editor").value.split("\n");
    const marks = {};
    for (const d of diags) {
      if (!d.line || d.line > lines.length) continue;
      (marks[d.line] = marks[d.line] || []).push(d);
    }
    const back = $("backdrop");
    back.replaceChildren();
    lines.forEach((text, i) => {
      const here = (marks[i + 1] || []).slice().sort((a, b) => a.col - b.col);
      let at = 0;
      for (const d of here) {
        let start = d.col ? d.col - 1 : text.search(/\S/);
        if (start < 0) start = 0;
        let end = d.col ? start + Math.max(1, d.length) : text.length;
        start = Math.max(start, at);
        end = Math.min(Math.max(end, start + 1), Math.max(text.length, start + 1));
        back.append(document.createTextNode(text.slice(at, start)));
        const mark = el("mark", text.slice(start, end) || " ",
                        "diag " + (d.severity === "error" ? "error" : "warning"));
        mark.title = d.code + ": " + d.message;
        back.append(mark);
        at = end;
      }
      back.append(document.createTextNode(text.slice(at) + "\n"));
    });
    syncScroll();
  }

  function syncScroll() {
    const ta = $("editor"), back = $("backdrop");
    back.scrollTop = ta.scrollTop;
    back.scrollLeft = ta.scrollLeft;
  }

  function showAtCursor() {  // the message of an underline under the caret
    const line = lineOfCursor();
    const here = (state.diags || []).filter((d) => d.line === line);
    $("at-cursor").textContent = here.map((d) => d.code + ": " + d.message +
      (d.hint ? " (hint: " + d.hint + ")" : "")).join(" · ");
  }

  function showDiagnostics(diags) {
    state.diags = diags;
    showAtCursor();
    const list = $("diagnostics");
    list.replaceChildren();
    $("diag-count").textContent = diags.length ? "(" + diags.length + ")" : "(none)";
    for (const d of diags) {
      const li = el("li", null, d.severity === "error" ? "error" : "warning");
      li.append(el("span", d.code, "code"), document.createTextNode(
        " " + d.line + ":" + d.col + " " + d.message));
      if (d.hint) li.append(el("span", "hint: " + d.hint, "hint"));
      li.addEventListener("click", () => goToLine(d.line, d.col));
      list.append(li);
    }
    paintUnderlines(diags);
  }

  function goToLine(line, col) {
    const ta = $("editor");
    const lines = ta.value.split("\n");
    let pos = 0;
    for (let i = 0; i < Math.min(line - 1, lines.length); i++) pos += lines[i].length + 1;
    pos += Math.max(0, (col || 1) - 1);
    ta.focus();
    ta.setSelectionRange(pos, pos);
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 19;
    ta.scrollTop = Math.max(0, (line - 5) * lh);
    syncScroll();
  }

  // ---- analysis -----------------------------------------------------------------------
  function schedule() {
    clearTimeout(state.timer);
    state.timer = setTimeout(analyse, DEBOUNCE_MS);
  }

  async function analyse() {
    if (!state.path) return;
    const seq = ++state.seq;
    status("checking…");
    const r = await api("/api/analyse", { path: state.path, text: $("editor").value,
                                          line: lineOfCursor() });
    if (seq !== state.seq) return;  // a newer keystroke is on its way
    if (r.error) { status(r.error); return; }
    showDiagnostics(r.diagnostics);
    fillCards(r.cards, r.card);
    showCard(r.card);
    status(r.diagnostics.length ? r.diagnostics.length + " diagnostic(s)" : "no problems");
    if (!r.card) return;
    if (r.diagnostics.some((d) => d.severity === "error")) {
      $("face-error").textContent = "The face above is the last one drawn: it is drawn " +
        "again once the file has no errors.";
    } else {
      await face(seq);
    }
    await odds(seq);
  }

  function fillCards(cards, current) {
    const sel = $("card");
    sel.replaceChildren();
    for (const c of cards) {
      const opt = el("option", c.name + " (" + c.kind + ")");
      opt.value = String(c.line);
      if (current && c.id === current.id) opt.selected = true;
      sel.append(opt);
    }
  }

  function showCard(card) {
    state.card = card;
    const head = $("card-head");
    head.replaceChildren();
    $("abilities").replaceChildren();
    $("texts").tBodies[0].replaceChildren();
    if (!card) { head.append(el("p", "No card in this file yet.")); return; }
    head.append(el("strong", card.name), document.createTextNode(
      " · " + card.kind + " · " + card.pack + " · " + card.game + " · " + card.id));
    for (const a of card.abilities) {
      const box = el("div", null, "ability");
      const dl = el("dl");
      const s = a.structure;
      for (const [k, v] of [["text", s.source], ["tag", s.tag], ["limit", s.limit.join(", ")],
                            ["costs", s.costs.join("; ")], ["effects", s.effects.join("; ")]]) {
        dl.append(el("dt", k), el("dd", v || "—"));
      }
      const ir = el("details");
      ir.append(el("summary", "IR"), el("pre", JSON.stringify(a.ir, null, 1)));
      box.append(dl, ir);
      $("abilities").append(box);
    }
    if (!card.abilities.length) $("abilities").append(el("p", "No compiled ability."));
    const body = $("texts").tBodies[0];
    for (const [loc, rows] of Object.entries(card.texts)) {
      const tr = el("tr");
      tr.dataset.locale = loc;
      const td = el("td");
      td.append(el("strong", card.names[loc] || card.name));
      for (const t of rows) td.append(el("div", t));
      tr.append(el("th", loc), td);
      body.append(tr);
    }
    const locSel = $("face-locale");
    const want = locSel.value || "en";
    locSel.replaceChildren();
    for (const loc of Object.keys(card.texts)) {
      const opt = el("option", loc);
      opt.value = loc;
      if (loc === want) opt.selected = true;
      locSel.append(opt);
    }
    const opp = $("opponent");
    const had = opp.value;
    opp.replaceChildren();
    for (const o of card.opponents) {
      const opt = el("option", o.name);
      opt.value = o.id;
      if (o.id === had) opt.selected = true;
      opp.append(opt);
    }
    $("odds-box").hidden = !card.opponents.length;
  }

  async function face(seq) {
    if (!state.card) return;
    if (seq === undefined) seq = state.seq;
    const img = $("face");
    img.dataset.state = "loading";
    const blob = await api("/api/face", { card: state.card.id,
                                          locale: $("face-locale").value || "en" }, true);
    if (seq !== state.seq) return;
    if (!(blob instanceof Blob)) {
      $("face-error").textContent = blob.error || "no face";
      img.dataset.state = "error";
      return;
    }
    $("face-error").textContent = "";
    if (state.faceUrl) URL.revokeObjectURL(state.faceUrl);
    state.faceUrl = URL.createObjectURL(blob);
    img.src = state.faceUrl;
    img.dataset.state = "ready";
    img.dataset.version = String((Number(img.dataset.version) || 0) + 1);
  }

  async function odds(seq) {
    const box = $("odds");
    if (!state.card || !state.card.opponents.length) return;
    box.replaceChildren(el("p", "computing…"));
    const r = await api("/api/odds", { card: state.card.id, opponent: $("opponent").value });
    if (seq !== undefined && seq !== state.seq) return;
    box.replaceChildren();
    if (r.error) { box.append(el("p", r.error, "error")); return; }
    const pct = (x) => (100 * x).toFixed(2) + " %";
    const t = el("table");
    const row = (k, v) => { const tr = el("tr"); tr.append(el("td", k), el("td", v)); t.append(tr); };
    const hero = r.hero === state.card.id ? state.card.name  // the side the odds are for
      : ($("opponent").selectedOptions[0] || {}).textContent;
    box.append(el("p", "Chance that " + hero + " wins:", "caption"));
    row("exact", pct(r.win) + (r.probability ? " (" + r.probability + ")" : ""));
    if (r.loss !== undefined) row("loss", pct(r.loss));
    if (r.expected_hero_wounds !== undefined) row("expected wounds", r.expected_hero_wounds.toFixed(2));
    if (r.note) row("model", r.note);
    if (r.monte_carlo) {
      const m = r.monte_carlo;
      row("Monte Carlo", pct(m.win) + " (95 % CI " + pct(m.ci95[0]) + " – " +
          pct(m.ci95[1]) + ", " + m.trials + " combats)");
    }
    box.append(t);
    for (const i of r.ignored || []) box.append(el("p", "ignored by the exact model: " + i));
  }

  // ---- files --------------------------------------------------------------------------
  // Every way to another file comes here: unsaved edits are kept unless the author says
  // to drop them; the same file is not read again over them.
  async function openFile(path, line) {
    if (state.dirty && path === state.path) {
      goToLine(line || 1, 1);
      schedule();
      return;
    }
    if (state.dirty && !window.confirm("Your edits of " + state.path + " are not saved.\n" +
                                       "Open " + path + " and drop them?")) {
      $("file").value = state.path;
      return;
    }
    const r = await api("/api/file?path=" + encodeURIComponent(path));
    if (r.error) { status(r.error); $("file").value = state.path || ""; return; }
    state.path = path;
    state.version = r.version;
    $("file").value = path;
    $("editor").value = r.text;
    if (!$("save").disabled) $("save-status").textContent = "";
    state.dirty = false;
    hideConflict();
    goToLine(line || 1, 1);
    await analyse();
  }

  async function save() {
    if (!state.path) return;
    const text = $("editor").value;
    const r = await api("/api/save", { path: state.path, text: text, base: state.version });
    if (r.conflict) { showConflict(r, text); return; }
    $("save-status").textContent = r.saved ? "saved " + new Date().toLocaleTimeString()
                                           : (r.error || "not saved");
    if (r.saved) {
      state.version = r.version;
      state.dirty = $("editor").value !== text;  // typed on while it was saving
      hideConflict();
    }
  }

  // ---- a save that came second: both texts stay on the page --------------------------
  function showConflict(r, mine) {
    state.theirs = { version: r.version, text: r.text, mine: mine };
    $("save-status").textContent = "not saved: the file changed since you opened it";
    $("conflict-message").textContent = r.error;
    $("conflict-label").textContent = r.exists ? "The file now (saved by someone else)"
                                               : "The file is gone";
    $("conflict-text").value = r.text;
    $("conflict").hidden = false;
  }

  function hideConflict() {
    state.theirs = null;
    $("conflict").hidden = true;
  }

  async function keepMine() {  // save the editor's text over the file as it is now
    if (!state.theirs) return;
    state.version = state.theirs.version;
    await save();
  }

  function takeTheirs() {  // edit the file's text; the author's own stays beside it
    if (!state.theirs) return;
    const mine = $("editor").value;
    $("editor").value = state.theirs.text;
    state.version = state.theirs.version;
    state.theirs = { version: state.version, text: mine, mine: mine };
    $("conflict-label").textContent = "Your text (not saved)";
    $("conflict-text").value = mine;
    state.dirty = false;
    $("save-status").textContent = "editing the file's text; yours is kept below";
    schedule();
  }

  async function loadFiles(select) {
    const r = await api("/api/files");
    if (r.error) { status(r.error); return; }
    state.games = r.games;
    if (r.read_only) {
      $("save").disabled = true;
      $("new-card").hidden = true;
      $("save-status").textContent = "read-only: the bundled cards (start runeforge studio " +
        "with your content folder to write)";
    }
    const sel = $("file");
    sel.replaceChildren();
    for (const f of r.files) {
      const o = el("option", f.path + (f.cards ? " (" + f.cards + (f.cards === 1 ? " card)" : " cards)") : ""));
      o.value = f.path;
      sel.append(o);
    }
    const folders = $("new-folder");
    folders.replaceChildren();
    r.folders.forEach((f, i) => { const o = el("option", f); o.value = String(i); folders.append(o); });
    const kinds = $("new-kind");
    kinds.replaceChildren();
    for (const g of r.games) for (const k of g.kinds) {
      const o = el("option", g.name + ": " + k); o.value = k; kinds.append(o);
    }
    const first = r.files.find((f) => f.cards) || r.files[0];
    const want = select || new URLSearchParams(location.search).get("file") ||
      (first && first.path);
    if (want) await openFile(want);
  }

  async function createCard() {
    const r = await api("/api/new", { folder: Number($("new-folder").value),
                                      name: $("new-name").value.trim(),
                                      kind: $("new-kind").value });
    if (r.error) { $("save-status").textContent = r.error; return; }
    await loadFiles(r.path);
  }

  // ---- all cards ----------------------------------------------------------------------
  async function showAll() {
    status("checking every card…");
    const r = await api("/api/cards");
    if (r.error) { status(r.error); return; }
    state.all = r.cards;
    for (const [id, key] of [["f-pack", "pack"], ["f-kind", "kind"]]) {
      const sel = $(id), keep = sel.value;
      sel.replaceChildren(el("option", "all"));
      sel.firstChild.value = "";
      for (const v of [...new Set(r.cards.map((c) => c[key]))].sort()) {
        const o = el("option", v); o.value = v; if (v === keep) o.selected = true; sel.append(o);
      }
    }
    filterAll();
    status(r.cards.length + " cards");
  }

  function filterAll() {
    const pack = $("f-pack").value, kind = $("f-kind").value;
    const text = $("f-text").value.trim().toLowerCase();
    const body = $("all").tBodies[0];
    body.replaceChildren();
    let n = 0;
    for (const c of state.all) {
      if (pack && c.pack !== pack) continue;
      if (kind && c.kind !== kind) continue;
      const words = [c.name, c.id, c.path, ...c.diagnostics.map((d) => d.code + " " + d.message)]
        .join(" ").toLowerCase();
      if (text && !words.includes(text)) continue;
      const tr = el("tr");
      const diags = el("td");
      for (const d of c.diagnostics) diags.append(el("div", d.code + " " + d.line + ":" + d.col +
        " " + d.message, d.severity === "error" ? "bad" : ""));
      if (!c.diagnostics.length) diags.textContent = "—";
      tr.append(el("td", c.name), el("td", c.kind), el("td", c.pack),
                el("td", c.path + ":" + c.line), diags);
      tr.addEventListener("click", () => { tab("card"); openFile(c.path, c.line); });
      body.append(tr);
      n++;
    }
    $("all-count").textContent = n + " of " + state.all.length;
  }

  function tab(name) {
    $("tab-card").hidden = name !== "card";
    $("tab-all").hidden = name !== "all";
    $("tab-card-button").classList.toggle("active", name === "card");
    $("tab-all-button").classList.toggle("active", name === "all");
    if (name === "all") showAll();
  }

  // ---- wiring -------------------------------------------------------------------------
  document.addEventListener("DOMContentLoaded", () => {
    const ta = $("editor");
    ta.addEventListener("input", () => { state.dirty = true;
                                         if (!$("save").disabled) $("save-status").textContent = "";
                                         schedule(); });
    ta.addEventListener("scroll", syncScroll);
    let lastLine = 0;
    const moved = () => {
      showAtCursor();
      const l = lineOfCursor();
      if (l !== lastLine) { lastLine = l; schedule(); }
    };
    ta.addEventListener("click", moved);
    ta.addEventListener("keyup", moved);
    ta.addEventListener("keydown", (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); save(); }
    });
    $("file").addEventListener("change", () => openFile($("file").value));
    $("card").addEventListener("change", () => goToLine(Number($("card").value), 1) || schedule());
    $("save").addEventListener("click", save);
    $("conflict-mine").addEventListener("click", keepMine);
    $("conflict-theirs").addEventListener("click", takeTheirs);
    $("new-create").addEventListener("click", createCard);
    $("face-locale").addEventListener("change", () => face());
    $("opponent").addEventListener("change", () => odds());
    $("tab-card-button").addEventListener("click", () => tab("card"));
    $("tab-all-button").addEventListener("click", () => tab("all"));
    for (const id of ["f-pack", "f-kind", "f-text"]) $(id).addEventListener("input", filterAll);
    window.addEventListener("beforeunload", (e) => { if (state.dirty) e.preventDefault(); });
    loadFiles();
  });
})();
