// The board of the table's page, drawn as SVG from the view the server sends (table.js
// holds the loop and the panels): Runebound's hexes, towns, counters and Heroes; Delve's
// chambers, walls, exits, figures and the line of sight of the attacks offered. A board
// space, cell or foe is clickable only when an offered option names it.
"use strict";

const SEAT_COLOURS = ["#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b"];
const TERRAIN = {plains: "#d9e8a6", forest: "#4f8f4a", hills: "#c9a86a", mountains: "#9a9a9a",
  river: "#7fb7e6", swamp: "#7a8f6a", road: "#e8d9b0", town: "#f4e3c1", desert: "#ecd68c"};
const GEM = {green: "#2e9e44", yellow: "#e6c619", blue: "#2f6fd6", red: "#d33"};

function fit(svg, xs, ys, pad) {
  const x0 = Math.min(...xs) - pad, y0 = Math.min(...ys) - pad;
  svg.setAttribute("viewBox", `${x0} ${y0} ${Math.max(...xs) - x0 + pad} ${Math.max(...ys) - y0 + pad}`);
}

function drawRunebound(v) {
  const svg = document.getElementById("board");
  svg.replaceChildren();
  const R = 20, W = Math.sqrt(3) * R;
  const at = (sp) => [W * (sp.q + sp.r / 2), 1.5 * R * sp.r];
  const pos = {};
  const xs = [], ys = [];
  const offered = optionsBy("space");
  for (const sp of v.board.spaces) {
    const [x, y] = at(sp);
    pos[sp.id] = [x, y];
    xs.push(x); ys.push(y);
    const pts = [...Array(6).keys()].map((i) => {
      const a = Math.PI / 180 * (60 * i - 30);
      return `${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
    const opts = offered.get(JSON.stringify(sp.id));
    const hex = el("svg:polygon", {points: pts, fill: TERRAIN[sp.terrain] || "#ccc",
      stroke: "#555", "stroke-width": 0.6, class: opts ? "hex offered" : "hex",
      "data-space": sp.id});
    if (opts) {
      hex.setAttribute("data-option", opts[0].index);
      hex.addEventListener("click", () => choose(opts[0].index));
    }
    hex.append(el("svg:title", {text: `${sp.id} ${sp.town || sp.terrain}`}));
    svg.append(hex);
    if (sp.gem && !(v.counters || {})[sp.id]) svg.append(el("svg:circle", {cx: x, cy: y,
      r: 3, fill: GEM[sp.gem], stroke: sp.sun ? "#fc0" : "#333", "stroke-width": sp.sun ? 1.5 : 0.5,
      "pointer-events": "none"}));
    if (sp.town) svg.append(el("svg:rect", {x: x - 7, y: y - 9, width: 14, height: 10, rx: 2,
      fill: "#8b5a2b", stroke: "#3b2f24", "pointer-events": "none", class: "keep"}));
  }
  for (const sp of v.board.spaces) if (sp.town) {  // names above every hex
    const [x, y] = pos[sp.id];
    svg.append(el("svg:text", {x, y: y + 11, class: "town", "pointer-events": "none",
      text: sp.town}));
  }
  for (const [space, colour] of Object.entries(v.counters || {})) {
    const [x, y] = pos[space] || [0, 0];
    svg.append(el("svg:circle", {cx: x, cy: y, r: 7, fill: GEM[colour], stroke: "#111",
      "stroke-width": 1.2, class: "counter", "pointer-events": "none"}));
  }
  for (const u of v.undefeated || []) {
    const [x, y] = pos[u.space] || [0, 0];
    svg.append(el("svg:text", {x, y: y + 4, class: "undefeated", "pointer-events": "none",
      text: "✖"}, el("svg:title", {text: u.name})));
  }
  v.heroes.forEach((h, i) => {
    const [x, y] = pos[h.space] || [0, 0];
    const dx = (i % 3 - 1) * 8, dy = (i >= 3 ? 8 : 0) - 5;
    svg.append(el("svg:circle", {cx: x + dx, cy: y + dy, r: 6.5, fill: SEAT_COLOURS[i],
      stroke: h.active ? "#fff" : "#000", "stroke-width": h.active ? 2.5 : 1,
      class: "figure", "pointer-events": "none"}, el("svg:title", {text: h.name})));
    svg.append(el("svg:text", {x: x + dx, y: y + dy + 3, class: "figure-label",
      "pointer-events": "none", text: String(i + 1)}));
  });
  fit(svg, xs, ys, 24);
  drawHeroes(v);
  drawDoom(v);
  drawMarket(v);
}

function drawDelve(v) {
  const svg = document.getElementById("board");
  svg.replaceChildren();
  const S = 32;
  const xs = [], ys = [];
  const offered = optionsBy("cell");
  const shades = ["#efe4cf", "#e4d6bb", "#eadfc8", "#dccdb0"];
  for (const ch of v.board.chambers) {
    for (const [x, y] of ch.cells) {
      xs.push(x * S, (x + 1) * S); ys.push(y * S, (y + 1) * S);
      const opts = offered.get(JSON.stringify([x, y]));
      const cell = el("svg:rect", {x: x * S, y: y * S, width: S, height: S,
        fill: shades[ch.index % shades.length], stroke: "#bba", "stroke-width": 0.5,
        class: opts ? "cell offered" : "cell", "data-cell": `${x},${y}`});
      if (opts) {
        cell.setAttribute("data-option", opts[0].index);
        cell.addEventListener("click", () => cellChoice(opts));
      }
      svg.append(cell);
    }
    for (const e of ch.exits) if (!e.open) for (const [x, y] of e.cells) {
      svg.append(el("svg:rect", {x: x * S + 4, y: y * S + 4, width: S - 8, height: S - 8,
        fill: "none", stroke: "#c80", "stroke-dasharray": "3 2", "stroke-width": 1.5,
        class: "exit", "pointer-events": "none"}));
    }
  }
  for (const [kind, x, y] of v.board.walls) {
    const [x2, y2] = kind === "h" ? [x + 1, y] : [x, y + 1];
    svg.append(el("svg:line", {x1: x * S, y1: y * S, x2: x2 * S, y2: y2 * S, stroke: "#222",
      "stroke-width": 2.5, "stroke-linecap": "round", "pointer-events": "none"}));
  }
  const heroSeat = Object.fromEntries(v.heroes.map((h) => [h.id, h.seat]));
  // line of sight: from the hero who acts to each foe an offered attack reaches
  const me = v.pending ? v.heroes.find((h) => h.seat === seat) : null;
  const at = Object.fromEntries(v.figures.map((f) => [f.id, f.cell]));
  const aimed = new Map();
  for (const o of (v.pending ? v.pending.options : [])) for (const id of o.targets || []) {
    if (!aimed.has(id)) aimed.set(id, o);
  }
  if (me && at[me.id]) for (const id of aimed.keys()) if (at[id]) {
    const [x1, y1] = at[me.id], [x2, y2] = at[id];
    svg.append(el("svg:line", {x1: x1 * S + S / 2, y1: y1 * S + S / 2, x2: x2 * S + S / 2,
      y2: y2 * S + S / 2, class: "sight", stroke: "#e00", "stroke-width": 2,
      "stroke-dasharray": "5 3", "pointer-events": "none"}));
  }
  for (const f of v.figures) {
    const [x, y] = f.cell;
    const cx = x * S + S / 2, cy = y * S + S / 2;
    if (f.side === "hero") {
      svg.append(el("svg:circle", {cx, cy, r: S * 0.36, fill: SEAT_COLOURS[heroSeat[f.id] || 0],
        stroke: "#000", "stroke-width": 1, class: "figure hero", "pointer-events": "none"},
        el("svg:title", {text: `${f.name} ${f.wounds}/${f.vigour}`})));
    } else {  // an adversary: a red diamond with the wounds it can still take
      const r = S * 0.42;
      const foe = el("svg:polygon", {points: `${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}`,
        fill: f.id === v.quarry ? "#5a0000" : "#c62828", stroke: "#000", "stroke-width": 1,
        class: aimed.has(f.id) ? "figure adversary offered" : "figure adversary",
        "pointer-events": aimed.has(f.id) ? "auto" : "none"},
        el("svg:title", {text: `${f.name} ${f.wounds}/${f.vigour}`}));
      if (aimed.has(f.id)) {  // a click on a foe: the first offered attack on it
        foe.setAttribute("data-option", aimed.get(f.id).index);
        foe.addEventListener("click", () => choose(aimed.get(f.id).index));
      }
      svg.append(foe);
    }
    svg.append(el("svg:text", {x: cx, y: cy + 4, class: "figure-label", "pointer-events": "none",
      text: f.side === "hero" ? String(heroSeat[f.id] + 1) : `${f.vigour - f.wounds}`}));
  }
  fit(svg, xs.length ? xs : [0], ys.length ? ys : [0], 8);
  drawHeroes(v);
  const doom = document.getElementById("doom");
  doom.replaceChildren(el("p", {text: t("deck_left", {n: v.deck_left})}));
  document.getElementById("market").replaceChildren();
}

function cellChoice(opts) {
  if (opts.length === 1) return choose(opts[0].index);
  // several dice can pay for the same move: the player picks the die to spend
  const box = document.getElementById("decision");
  box.querySelector(".cell-dice")?.remove();
  const row = el("div", {class: "options cell-dice"});
  for (const o of opts) {
    const b = el("button", {type: "button", class: "opt", "data-option": o.index},
      el("span", {class: "die", text: String(view.pending.info.dice[o.die])}),
      document.createTextNode(o.label));
    b.addEventListener("click", () => choose(o.index));
    row.append(b);
  }
  box.append(row);
}

function drawLegend(v) {
  const box = document.getElementById("legend");
  const item = (swatch, key) => el("span", {class: "key"}, swatch, document.createTextNode(t(key)));
  const chip = (attrs) => el("i", {class: "chip", ...attrs});
  const keys = [];
  if (v.game === "runebound") {
    for (const name of Object.keys(TERRAIN)) if (name !== "desert") {
      keys.push(item(chip({"data-terrain": name}), `terrain.${name}`));
    }
    keys.push(item(chip({"data-mark": "counter"}), "legend.counter"),
      item(el("b", {class: "cross", text: "✖"}), "legend.undefeated"));
  } else {
    keys.push(item(chip({"data-mark": "exit"}), "legend.exit"),
      item(chip({"data-mark": "adversary"}), "legend.adversary"));
  }
  keys.push(item(chip({"data-mark": "offered"}), "legend.offered"));
  box.replaceChildren(...keys);
}

