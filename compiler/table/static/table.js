// The table's page. It holds no rule: it draws the view the server sends and offers the
// options of the pending question as the engine listed them; a click posts the option's
// index. CONTROLS says how each kind of question is shown (tests/test_table.py checks that
// every kind the engine can ask is listed here).
"use strict";

const CONTROLS = {
  // Runebound: combat (engine/runebound/core/decisions.py)
  use_ability: "cards", phase_action: "buttons", escape: "buttons", x: "number",
  amount: "number", optional: "buttons", target: "cards", skill_exhaustion: "number",
  spoils: "buttons", knockout_loss: "cards", choice: "number",
  // Runebound: the game's steps
  movement: "buttons", destination: "space", adventure: "buttons", market: "buttons",
  experience: "buttons", rest_split: "cards", discard_excess: "cards", trade: "buttons",
  trade_give: "cards", trade_ask: "cards", trade_gold: "number", accept_trade: "buttons",
  change_hero: "cards", vassal_order: "cards", giant_lord_tokens: "buttons",
  keep: "cards", discard_item: "cards", discard_ally: "cards", town: "space",
  renew_space: "space", doom_card: "cards",
  undefeated: "cards", free_market_card: "cards",
  market_offer: "buttons", arrange_deck: "buttons", arrange: "cards",  // branch rbmarket
  // Delve
  "delve.action": "dice", "delve.effect": "cells", "delve.skill": "cards",
};

const body = document.body;
const TOKEN = body.dataset.token;
const MODE = body.dataset.mode;
const HOTSEAT = body.dataset.hotseat === "1";
let seat = Number(body.dataset.seat || 0);
let locale = body.dataset.locale || "en";
let words = {};
let view = null;
let replayStep = 0;
let busy = false;
const SVGNS = "http://www.w3.org/2000/svg";
function t(key, fields) {
  let s = (words[locale] && words[locale][key]) || (words.en && words.en[key]) || key;
  for (const [k, v] of Object.entries(fields || {})) s = s.replace("{" + k + "}", v);
  return s;
}

function el(tag, attrs, ...kids) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVGNS, tag.slice(4))
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null) continue;
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const kid of kids) if (kid) node.append(kid);
  return node;
}

async function api(path, payload) {
  const opts = {headers: {"X-Table-Token": TOKEN}};
  if (payload !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(payload);
  }
  const r = await fetch(path, opts);
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.status);
  return data;
}

function faceUrl(card) {
  card = String(card).split("#")[0];
  return `/api/face?card=${encodeURIComponent(card)}&locale=${locale}&token=${encodeURIComponent(TOKEN)}`;
}

function key(v) { return `${v.generation}:${v.serial}`; }

// ------------------------------------------------------------------ the loop
async function refresh(wait) {
  const after = wait && view ? `&after=${encodeURIComponent(key(view))}` : "";
  try {
    show(await api(`/api/seat/${seat}/state?locale=${locale}${after}`));
  } catch (e) {
    status("error", t("error") + ": " + e.message);
    setTimeout(() => refresh(true), 2000);
  }
}

function show(v) {
  view = v;
  draw();
  body.dataset.view = MODE === "replay" ? `step:${v.step}` : (v.over ? "over" : key(v));
  if (MODE === "replay") return;
  if (v.over) return;
  if (v.pending) return;
  if (HOTSEAT && v.waiting_for !== null && v.humans.includes(v.waiting_for)
      && v.waiting_for !== seat) {
    passTo(v.waiting_for);
    return;
  }
  refresh(true);
}

function passTo(next) {
  const pass = document.getElementById("pass");
  pass.hidden = false;
  document.querySelector("main").classList.add("hidden-hand");
  const ready = document.getElementById("ready");
  ready.textContent = t("ready", {seat: next + 1});
  ready.onclick = () => {
    pass.hidden = true;
    document.querySelector("main").classList.remove("hidden-hand");
    seat = next;
    refresh(false);
  };
}

async function choose(index) {
  if (busy || !view || !view.pending) return;
  busy = true;
  status("sending", t("thinking"));
  try {
    show(await api(`/api/seat/${seat}/answer`,
      {serial: view.pending.serial, index, locale}));
  } catch (e) {
    status("error", t("error") + ": " + e.message);
    refresh(false);
  } finally { busy = false; }
}

async function undo() {
  if (busy) return;
  busy = true;
  try { show(await api(`/api/seat/${seat}/undo`, {locale})); }
  catch (e) { status("error", t("error") + ": " + e.message); }
  finally { busy = false; }
}

function status(state, text) {
  const s = document.getElementById("status");
  s.dataset.state = state;
  s.textContent = text;
}

// ------------------------------------------------------------------ drawing
function draw() {
  const v = view;
  document.querySelectorAll("[data-t]").forEach((n) => { n.textContent = t(n.dataset.t); });
  document.getElementById("round").textContent = v.round !== undefined
    ? `${t("round")} ${v.round}` : "";
  if (v.over) status("over", `${t("game_over")}. ${t("winner")}: ${v.winner || t("none")}`
    + (v.how ? ` (${v.how})` : "") + (v.error ? ` — ${v.error}` : ""));
  else if (v.pending) status("yours", `${t("seat")} ${seat + 1}: ${t("your_turn")}`);
  else if (MODE !== "replay") status("waiting", v.waiting_for === null ? t("thinking")
    : t("waiting", {seat: v.waiting_for + 1}));
  document.getElementById("undo").hidden = MODE === "replay" || !v.can_undo || v.over;
  if (v.game === "runebound") drawRunebound(v); else drawDelve(v);
  drawLegend(v);
  drawDecision(v);
  drawDice(v);
  drawLog(v);
  if (MODE === "replay") drawReplayBar(v);
}

function optionsBy(field) {
  const out = new Map();
  if (!view.pending) return out;
  for (const o of view.pending.options) if (o[field] !== undefined) {
    const k = JSON.stringify(o[field]);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(o);
  }
  return out;
}

function drawHeroes(v) {
  const box = document.getElementById("heroes");
  box.replaceChildren(el("h2", {text: t("heroes")}));
  v.heroes.forEach((h, i) => {
    const card = el("div", {class: "hero" + (h.active ? " active" : ""), "data-hero": h.id});
    const who = h.human ? t("person") : t("bot");
    card.append(el("h3", {text: `${i + 1}. ${h.name} (${who})`}));
    card.append(el("img", {class: "face", src: faceUrl(h.id), alt: h.name, loading: "lazy"}));
    const stats = el("dl");
    const row = (k, val) => { stats.append(el("dt", {text: t(k)}), el("dd", {text: String(val)})); };
    if (v.game === "runebound") {
      row("wounds", `${h.wounds}/${h.life}`); row("exhaustion", h.exhaustion);
      row("gold", h.gold); row("level", h.level);
      row("counters", h.counters.length); row("experience", h.experience.length);
    } else {
      row("wounds", h.down ? t("down") : `${h.wounds}/${h.vigour}`); row("renown", h.renown);
    }
    card.append(stats);
    const cards = el("div", {class: "cards"});
    for (const c of [...(h.items || []), ...(h.allies || []), ...(h.trophies || []),
      ...(h.skills || [])]) {
      cards.append(el("img", {class: "thumb" + (c.spent ? " spent" : ""), src: faceUrl(c.id),
        alt: c.name, title: c.name, loading: "lazy"}));
    }
    card.append(cards);
    box.append(card);
  });
}

function drawDoom(v) {
  const box = document.getElementById("doom");
  box.replaceChildren(el("h2", {text: t("doom")}));
  if (v.doom && v.doom.on) {
    const track = el("div", {class: "doom-track"});
    for (let i = 0; i < v.doom.total; i++) track.append(el("span",
      {class: i < v.doom.tokens ? "token on" : "token"}));
    box.append(track, el("p", {text: t("doom_tokens", {n: v.doom.tokens, total: v.doom.total})
      + "; " + t("face_down", {n: v.doom.face_down})}));
  }
  box.append(el("h3", {text: t("event")}));
  if (v.event) box.append(el("img", {class: "face event", src: faceUrl(v.event.id),
    alt: v.event.name, title: v.event.name}));
  else box.append(el("p", {text: t("none")}));
}

function drawMarket(v) {
  const box = document.getElementById("market");
  box.replaceChildren(el("h2", {text: t("market")}));
  for (const [town, cards] of Object.entries(v.market || {})) {
    box.append(el("p", {text: `${town}: ${cards.map((c) => c.name).join(", ")}`}));
  }
}

function drawDecision(v) {
  const box = document.getElementById("decision");
  box.replaceChildren();
  const p = v.pending;
  if (!p) return;
  const control = CONTROLS[p.kind];
  box.dataset.kind = p.kind;
  box.dataset.control = control || "unknown";
  box.append(el("h2", {text: t("your_turn") + (p.source ? ` — ${p.source}` : "")}));
  for (const c of v.combat || []) {  // the fight this question belongs to
    box.append(el("div", {class: "combat"}, el("img", {class: "face enemy", src: faceUrl(c.id),
      alt: c.name}), el("p", {text: `${c.hero} ⚔ ${c.name}: ${t("wounds")} ${c.wounds}/${c.life}`})));
  }
  if (!control) box.append(el("p", {class: "warn", text: `no control for ${p.kind}`}));
  if (control === "space" && p.options.some((o) => o.space)) {
    box.append(el("p", {text: t("choose_space")}));
  }
  if (p.info.dice) {  // the dice to spend, as the engine rolled them
    const row = el("div", {class: "dice-row spend"});
    p.info.dice.forEach((f) => row.append(el("span", {class: "die big", text: String(f)})));
    box.append(row);
  }
  const list = el("div", {class: "options " + (control || "buttons")});
  for (const o of p.options) {
    if ((control === "space" && o.space) || (o.cell && control !== "buttons")) continue;
    const b = el("button", {type: "button", class: "opt", "data-option": o.index});
    if (o.die !== undefined && p.info.dice) {
      b.append(el("span", {class: "die", text: String(p.info.dice[o.die])}));
    }
    if (control === "cards" && /^[a-z0-9-]+(#\d+)?$/.test(String(o.value || ""))) {
      b.append(el("img", {class: "thumb", src: faceUrl(o.value), alt: ""}));
    }
    b.append(document.createTextNode(o.label));
    b.addEventListener("click", () => choose(o.index));
    list.append(b);
  }
  box.append(list);
}

function drawDice(v) {
  const box = document.getElementById("dice");
  box.replaceChildren(el("h2", {text: t("dice")}));
  for (const d of v.dice_rolled || []) {
    const row = el("div", {class: "dice-row"}, el("span", {class: "who",
      text: d.who ? `${d.who}: ` : ""}));
    for (const f of d.faces) {
      if (Array.isArray(f)) {  // a movement die's face: its terrains as colours
        const die = el("span", {class: "die terrain", title: f.join(", ")});
        f.forEach((name) => die.append(el("i", {class: "swatch", "data-terrain": name})));
        row.append(die);
      } else row.append(el("span", {class: "die", text: String(f)}));
    }
    box.append(row);
  }
}

function drawLog(v) {
  const log = document.getElementById("log");
  log.replaceChildren(...(v.log || []).slice(-120).map((line) => el("li", {text: line})));
  log.scrollTop = log.scrollHeight;
}

// ------------------------------------------------------------------ replay viewer
async function replayTo(q) {
  show(await api(`/api/replay?locale=${locale}&${q}`));
}

function drawReplayBar(v) {
  document.getElementById("replay-bar").hidden = false;
  replayStep = v.step;
  document.getElementById("step-label").textContent = t("step", {n: v.step + 1, total: v.steps});
  const jump = document.getElementById("round-jump");
  if (jump.options.length !== v.rounds.length) {
    jump.replaceChildren(...v.rounds.map((r) => el("option", {value: r, text: String(r)})));
  }
  jump.value = String(v.round);
  const a = v.asked;
  document.getElementById("asked").textContent = a ? `${a.actor}: ${a.kind} → ${a.answer}` : "";
}

// ------------------------------------------------------------------ start
async function main() {
  words = await api("/static/i18n.json");
  const pick = document.getElementById("locale");
  pick.value = locale;
  pick.addEventListener("change", () => {
    locale = pick.value;
    if (MODE === "replay") replayTo(`step=${replayStep}`); else refresh(false);
  });
  document.getElementById("undo").addEventListener("click", undo);
  if (MODE === "replay") {
    document.getElementById("back").addEventListener("click", () => replayTo(`step=${replayStep - 1}`));
    document.getElementById("forward").addEventListener("click", () => replayTo(`step=${replayStep + 1}`));
    document.getElementById("round-jump").addEventListener("change",
      (e) => replayTo(`round=${e.target.value}`));
    replayTo("step=0");
  } else {
    refresh(false);
  }
}

main();
