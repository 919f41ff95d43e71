// riftsolve's page for the table: a board from a form or a scenario's text, one question
// to POST /api/answer, and its answer shown. Everything from the user or the server is
// written as text (textContent, option values), never as markup.
"use strict";

const state = {
  cards: [], labels: {}, lang: "en", mode: "form",
  offers: null,          // the slots of the board read last (POST /api/board)
  pending: null,         // targets to select once the slots are read (a loaded scenario)
  extra: {},             // fields of a loaded scenario the form has no place for
  checking: 0,           // the board check asked last (older replies are ignored)
};

function $(id) { return document.getElementById(id); }

function el(tag, text, props) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (props) Object.assign(node, props);
  return node;
}

function label(key) { return state.labels[key] || key; }

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}

function commaList(text) {
  return text.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

async function post(path, body) {
  const reply = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ lang: state.lang }, body)),
  });
  return reply.json();
}

// ------------------------------------------------------------------ the page's words

async function loadPage(lang) {
  const reply = await fetch("/api/page?lang=" + encodeURIComponent(lang));
  const body = await reply.json();
  state.labels = body.labels;
  state.lang = body.lang;
  document.documentElement.lang = body.lang;
  for (const node of document.querySelectorAll("[data-label]")) {
    node.textContent = label(node.dataset.label);
  }
  document.title = "riftsolve \u2014 " + label("title");
  const langs = $("lang");
  if (!langs.options.length) {
    for (const code of body.languages) langs.append(el("option", body.language_names[code], { value: code }));
  }
  langs.value = body.lang;
  $("limit").max = body.max_listed;
  if (!state.cards.length) {
    state.cards = body.cards;
    for (const card of body.cards) $("card").append(el("option", card.name, { value: card.name }));
  }
  for (const row of $("units").tBodies[0].rows) labelRow(row);
  refreshPlaces();
}

// ------------------------------------------------------------------ the form

function battlefields() { return commaList($("battlefields").value); }

// The locations a unit may be at: the battlefields, its base, off the board.
function locationOptions(select, value) {
  const names = [...battlefields(), "base", "offboard"];
  if (value && !names.includes(value)) names.push(value);  // (kept as given: the check says)
  select.replaceChildren(...names.map((name) => el("option",
    name === "base" ? label("at_base") : name === "offboard" ? label("offboard") : name,
    { value: name })));
  select.value = value;
}

function addUnit(unit) {
  const u = Object.assign({ id: "", controller: "B", might: 1, location: battlefields()[0] || "base",
                            damage: 0, deflect: 0, stunned: false, untargetable: "", tags: [] }, unit);
  const row = document.createElement("tr");
  const cell = (input) => { const td = el("td"); td.append(input); row.append(td); return input; };
  cell(el("input", null, { className: "u-id", value: u.id, autocomplete: "off", spellcheck: false }));
  cell(el("input", null, { className: "u-controller", value: u.controller, autocomplete: "off" }));
  cell(el("input", null, { className: "u-might", type: "number", value: String(u.might), inputMode: "numeric" }));
  locationOptions(cell(el("select", null, { className: "u-location" })), u.location);
  cell(el("input", null, { className: "u-damage", type: "number", min: "0", value: String(u.damage || 0), inputMode: "numeric" }));
  cell(el("input", null, { className: "u-deflect", type: "number", min: "0", value: String(u.deflect || 0), inputMode: "numeric" }));
  cell(el("input", null, { className: "u-stunned", type: "checkbox", checked: !!u.stunned }));
  const untargetable = cell(el("select", null, { className: "u-untargetable" }));
  for (const value of ["", "enemy", "all"]) untargetable.append(el("option", null, { value }));
  untargetable.value = u.untargetable || "";
  cell(el("input", null, { className: "u-tags", value: (u.tags || []).join(", "), autocomplete: "off" }));
  const remove = cell(el("button", "\u00d7", { type: "button", className: "u-remove" }));
  remove.addEventListener("click", () => { row.remove(); boardChanged(); });
  const extra = {};
  for (const [key, value] of Object.entries(u)) {
    if (!(key in UNIT_FIELDS)) extra[key] = value;
  }
  row.dataset.extra = JSON.stringify(extra);
  labelRow(row);
  $("units").tBodies[0].append(row);
  return row;
}

// The fields of a unit the form shows, with the word naming each.
const UNIT_FIELDS = { id: "id", controller: "unit_controller", might: "might", location: "location",
                      damage: "damage", deflect: "deflect", stunned: "stunned",
                      untargetable: "untargetable", tags: "tags" };

// Each field of a row named for a screen reader: "Might of r1".
function labelRow(row) {
  const id = row.querySelector(".u-id").value || "?";
  for (const [field, key] of Object.entries(UNIT_FIELDS)) {
    row.querySelector(".u-" + field).setAttribute("aria-label",
      fill(label("of_unit"), { field: label(key), unit: id }));
  }
  row.querySelector(".u-remove").setAttribute("aria-label", fill(label("remove_unit"), { unit: id }));
  row.querySelector(".u-remove").title = label("remove");
  const names = { "": label("targetable"), enemy: label("untargetable_enemy"), all: label("untargetable_all") };
  for (const option of row.querySelector(".u-untargetable").options) option.textContent = names[option.value];
}

// The places offered where a place is chosen: each unit's location, where a Hidden card
// was played from, and the ids a source may name.
function refreshPlaces() {
  for (const select of document.querySelectorAll(".u-location")) locationOptions(select, select.value);
  const hidden = $("from-hidden");
  const had = hidden.value;
  hidden.replaceChildren(el("option", label("not_hidden"), { value: "" }),
    ...battlefields().map((name) => el("option", name, { value: name })));
  hidden.value = battlefields().includes(had) ? had : "";
  $("unit-ids").replaceChildren(...[...formUnits().map((u) => u.id), ...battlefields()]
    .map((id) => el("option", null, { value: id })));
  const card = selectedCard();
  $("card-text").textContent = card ? card.text : "";
}

// A number field as the scenario takes it: a whole number, else the text as typed (the
// server then names the field and says what is wrong, as the CLI does).
function number(text) {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}

function formUnits() {
  const units = [];
  for (const row of $("units").tBodies[0].rows) {
    const value = (name) => row.querySelector(".u-" + name).value;
    const unit = Object.assign(JSON.parse(row.dataset.extra || "{}"), {
      id: value("id"), controller: value("controller"), might: number(value("might")),
      location: value("location") });
    if (value("damage").trim() !== "0" && value("damage").trim() !== "") unit.damage = number(value("damage"));
    if (value("deflect").trim() !== "0" && value("deflect").trim() !== "") unit.deflect = number(value("deflect"));
    if (row.querySelector(".u-stunned").checked) unit.stunned = true;
    if (value("untargetable")) unit.untargetable = value("untargetable");
    const tags = commaList(value("tags"));
    if (tags.length) unit.tags = tags;
    units.push(unit);
  }
  return units;
}

function selectedCard() {
  return state.cards.find((card) => card.name === $("card").value);
}

function question() {
  return document.querySelector("input[name=question]:checked").value;
}

// The form's scenario: the board, and for a resolution the targets chosen.
function formScenario(withTargets) {
  const scenario = Object.assign({}, state.extra, {
    format: 1, controller: $("controller").value.trim(), card: $("card").value,
    battlefields: battlefields(), units: formUnits() });
  delete scenario.targets;
  const optional = { source: $("source").value.trim(), from_hidden: $("from-hidden").value };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== "") scenario[key] = value; else delete scenario[key];
  }
  for (const [key, id] of [["available_power", "available-power"], ["bonus_damage", "bonus-damage"]]) {
    if ($(id).value.trim() !== "") scenario[key] = number($(id).value); else delete scenario[key];
  }
  if (withTargets) scenario.targets = formTargets();
  return scenario;
}

// ------------------------------------------------------------------ the slots

// The board read again (debounced): its check, and what each slot of the card offers.
let checkTimer = null;
function boardChanged() {
  for (const row of $("units").tBodies[0].rows) labelRow(row);
  refreshPlaces();
  clearTimeout(checkTimer);
  document.body.dataset.board = "checking";
  checkTimer = setTimeout(() => { checkTimer = null; checkBoard(); }, 200);
}

async function checkBoard() {
  const asked = ++state.checking;
  const pending = state.pending;
  const keep = pending || (state.offers ? formTargets() : null);
  let body;
  try {
    body = await post("/api/board", { scenario: JSON.stringify(formScenario(false)), question: question() });
  } catch (error) {
    body = { error: { text: String(error) } };
  }
  if (asked !== state.checking || checkTimer !== null) return;  // a newer one is coming
  if (state.pending === pending) state.pending = null;
  document.body.dataset.board = "checked";
  const check = $("board-check");
  if (body.error) {
    check.textContent = label("board_error") + ": " + body.error.text;
    check.classList.add("bad");
    return;  // (the slots stay as they were, until the board reads again)
  }
  check.textContent = body.check;
  check.classList.remove("bad");
  state.offers = body.slots;
  renderSlots(keep || {});
}

function kindName(kind) { return label("kind_" + kind) === "kind_" + kind ? kind : label("kind_" + kind); }

function optionText(option) {
  return option.legal ? option.value : option.value + " \u26a0";
}

// Why a value is not offered: its reason and the rule.
function reasonItem(option, control) {
  const item = el("li");
  if (control) item.append(control, " ");
  const named = option.reason.startsWith(option.value + " ");  // ("r4 is not at ...")
  item.append(el("strong", option.value),
              el("span", named ? option.reason.slice(option.value.length) : " \u2014 " + option.reason),
              " ", el("span", option.rule, { className: "rule" }));
  return item;
}

function renderSlots(had) {
  const box = $("targets");
  box.replaceChildren();
  const resolving = question() === "resolve";
  $("targets-help").textContent = label(resolving ? "targets_help_resolve" : "targets_help_finalize");
  for (const slot of state.offers || []) {
    const set = el("fieldset", null, { className: "slot" });
    set.dataset.slot = slot.name;
    set.dataset.shape = slot.shape;
    const legend = el("legend", slot.name + " ");
    legend.append(el("span", "(" + kindName(slot.kind) + ")", { className: "kind" }));
    set.append(legend);
    const legal = slot.options.filter((o) => o.legal);
    const others = slot.options.filter((o) => !o.legal);
    const chosen = had[slot.name];
    const picked = (value) => chosen === value || (Array.isArray(chosen) && chosen.includes(value));
    const line = el("div", null, { className: "options" });
    if (!resolving) {
      for (const option of legal) line.append(el("span", option.value, { className: "chip" }));
      if (!legal.length) line.append(el("span", label("nothing_offered"), { className: "help" }));
      set.append(line);
    } else if (slot.shape === "list") {
      for (const option of legal) line.append(checkChip(option, picked(option.value)));
      if (!legal.length) line.append(el("span", label("nothing_offered"), { className: "help" }));
      set.append(line);
    } else if (slot.shape === "one") {
      const select = el("select");
      select.setAttribute("aria-label", slot.name);
      select.append(el("option", "\u2014", { value: "" }));
      for (const option of legal) select.append(el("option", option.value, { value: option.value }));
      if (others.length) {
        const group = el("optgroup");
        group.label = label("illegal_now");
        for (const option of others) group.append(el("option", optionText(option), { value: option.value }));
        select.append(group);
      }
      select.value = typeof chosen === "string" && slot.options.some((o) => o.value === chosen) ? chosen : "";
      select.addEventListener("change", markIllegal);
      line.append(select);
      set.append(line);
    } else {  // "places": one unit at each location
      const grid = el("div", null, { className: "places" });
      const at = placesOf(slot);
      for (const [place, values] of at) {
        const select = el("select", null, { className: "place" });
        select.dataset.place = place;
        select.setAttribute("aria-label", slot.name + " @" + place);
        select.append(el("option", "\u2014", { value: "" }));
        for (const option of values) select.append(el("option", optionText(option), { value: option.value }));
        const value = chosen && typeof chosen === "object" && !Array.isArray(chosen) ? chosen[place] : undefined;
        select.value = value && values.some((o) => o.value === value) ? value : "";
        select.addEventListener("change", markIllegal);
        grid.append(el("span", "@" + place), select);
      }
      set.append(grid);
    }
    if (others.length && slot.shape !== "places") {
      const details = el("details", null, { className: "not-offered" });
      details.append(el("summary", fill(label("not_offered"), { n: others.length })));
      const list = el("ul");
      for (const option of others) {
        const control = resolving && slot.shape === "list"
          ? checkInput(option, picked(option.value)) : null;
        list.append(reasonItem(option, control));
      }
      details.append(list);
      if (resolving && others.some((o) => picked(o.value))) details.open = true;
      set.append(details);
    }
    box.append(set);
  }
  if (!(state.offers || []).length) box.append(el("p", label("no_slots"), { className: "help" }));
  markIllegal();
}

// A slot's values at each location, for a card that chooses one unit at each.
function placesOf(slot) {
  const where = new Map();
  for (const unit of formUnits()) {
    where.set(unit.id, unit.location === "base" ? "base:" + unit.controller : unit.location);
  }
  const at = new Map();
  for (const option of slot.options) {
    const place = where.get(option.value);
    if (!place || place === "offboard") continue;
    if (!at.has(place)) at.set(place, []);
    at.get(place).push(option);
  }
  return at;
}

function checkInput(option, checked) {
  const input = el("input", null, { type: "checkbox", value: option.value, checked });
  input.setAttribute("aria-label", option.value + (option.legal ? "" : " \u2014 " + option.reason));
  input.addEventListener("change", markIllegal);
  return input;
}

function checkChip(option, checked) {
  const chip = el("label", null, { className: "chip" });
  chip.append(checkInput(option, checked), el("span", option.value));
  return chip;
}

function formTargets() {
  const targets = Object.assign({}, state.extra.targets || {});
  for (const set of $("targets").querySelectorAll("fieldset.slot")) {
    const name = set.dataset.slot;
    if (set.dataset.shape === "list") {
      targets[name] = [...set.querySelectorAll("input[type=checkbox]")]
        .filter((c) => c.checked).map((c) => c.value);
    } else if (set.dataset.shape === "one") {
      const select = set.querySelector("select");
      targets[name] = select && select.value !== "" ? select.value : null;
    } else {
      const places = {};
      for (const select of set.querySelectorAll("select.place")) {
        if (select.value !== "") places[select.dataset.place] = select.value;
      }
      targets[name] = places;
    }
  }
  return targets;
}

// Chosen targets that are illegal now, marked before asking: the resolution leaves them
// unaffected (359.3.e.2).
function markIllegal() {
  const notice = $("illegal-now");
  const bad = [];
  if (question() === "resolve") {
    const targets = formTargets();
    for (const slot of state.offers || []) {
      const value = targets[slot.name];
      const values = Array.isArray(value) ? value
        : value && typeof value === "object" ? Object.values(value) : value ? [value] : [];
      for (const option of slot.options) {
        if (!option.legal && values.includes(option.value)) bad.push(option);
      }
    }
  }
  for (const chip of $("targets").querySelectorAll(".chip, li")) {
    const input = chip.querySelector("input[type=checkbox]");
    chip.classList.toggle("illegal", !!input && input.checked && bad.some((o) => o.value === input.value));
  }
  notice.hidden = !bad.length;
  notice.replaceChildren();
  if (bad.length) {
    notice.append(el("strong", label("illegal_title")), " ");
    bad.forEach((option, index) => {
      if (index) notice.append("; ");
      notice.append(el("span", option.reason), " ", el("span", option.rule, { className: "rule" }));
    });
  }
}

// ------------------------------------------------------------------ the pasted text

function showMode(mode) {
  state.mode = mode;
  $("form-pane").hidden = mode !== "form";
  $("paste-pane").hidden = mode !== "paste";
  for (const [tab, name] of [["tab-form", "form"], ["tab-paste", "paste"]]) {
    $(tab).setAttribute("aria-selected", String(mode === name));
    $(tab).tabIndex = mode === name ? 0 : -1;
  }
}

// The form's scenario as the board notation, what a judge copies (the server writes it,
// checked as an answer's is); a scenario it can't write (an error) stays JSON.
async function toText() {
  const text = JSON.stringify(formScenario(question() === "resolve"), null, 1);
  let written = text;
  try {
    const body = await post("/api/notation", { scenario: text });
    if (typeof body.text === "string") written = body.text;
  } catch (error) {
    // (the JSON stays: it is the same scenario)
  }
  $("scenario").value = written;
  $("paste-error").hidden = true;
  showMode("paste");
  $("scenario").focus();
}

// A scenario's text read by the server (POST /api/board) as the form holds it; its
// error, if any, shown in ``box`` (and null returned).
async function readBoard(text, asked, box) {
  document.body.dataset.board = "checking";
  const body = await post("/api/board", { scenario: text, question: asked });
  box.hidden = !body.error;
  if (!body.error) return body.scenario;
  box.textContent = label("error") + ": " + body.error.text;
  document.body.dataset.board = "checked";
  return null;
}

// The pasted scenario read into the form (JSON or the notation), to see and edit.
async function toForm() {
  const doc = await readBoard($("scenario").value, question(), $("paste-error"));
  if (!doc) return;
  loadScenario(doc);
  showMode("form");
  $("card").focus();
}

function loadScenario(doc) {
  const known = ["format", "controller", "card", "battlefields", "units", "source", "from_hidden",
                 "available_power", "bonus_damage"];
  state.extra = {};
  for (const [key, value] of Object.entries(doc)) if (!known.includes(key)) state.extra[key] = value;
  if (typeof doc.card === "string" && !state.cards.some((c) => c.name === doc.card)) {
    $("card").append(el("option", doc.card, { value: doc.card }));
  }
  $("card").value = typeof doc.card === "string" ? doc.card : $("card").value;
  $("controller").value = doc.controller || "";
  $("source").value = doc.source || "";
  $("battlefields").value = (doc.battlefields || []).join(", ");
  $("available-power").value = doc.available_power ?? "";
  $("bonus-damage").value = doc.bonus_damage ?? "";
  $("units").tBodies[0].replaceChildren();
  for (const unit of doc.units || []) addUnit(unit);
  refreshPlaces();
  $("from-hidden").value = doc.from_hidden || "";
  if (doc.targets && typeof doc.targets === "object") {
    state.pending = doc.targets;
    document.querySelector("input[name=question][value=resolve]").checked = true;
  }
  boardChanged();
}

// Units typed as lines of the notation ("r3 B 2 @north deflect=1"), added to the form.
async function quickAdd() {
  const head = ["card " + JSON.stringify($("card").value),
                "controller " + JSON.stringify($("controller").value.trim() || "A"),
                "battlefields " + battlefields().map((b) => JSON.stringify(b)).join(" ")];
  const doc = await readBoard([...head, $("quick-lines").value].join("\n"), "finalize",
                              $("quick-error"));
  if (!doc) return;
  for (const unit of doc.units) addUnit(unit);
  $("quick-lines").value = "";
  boardChanged();
}

// ------------------------------------------------------------------ the question

async function ask() {
  const asked = question();
  const text = state.mode === "form"
    ? JSON.stringify(formScenario(asked === "resolve"), null, 1) : $("scenario").value;
  const limit = Number($("limit").value);
  $("status").textContent = label("working");
  $("answer").disabled = true;
  let body;
  try {
    body = await post("/api/answer", { scenario: text, question: asked,
                                       limit: Number.isInteger(limit) ? limit : 50 });
  } catch (error) {
    body = { error: { kind: "error", text: String(error) } };
  } finally {
    $("status").textContent = "";
    $("answer").disabled = false;
  }
  show(body);
  const result = $("result");
  if (result.getBoundingClientRect().top > window.innerHeight * 0.6
      || result.getBoundingClientRect().top < 0) {
    result.scrollIntoView({ block: "start" });
  }
  result.focus({ preventScroll: true });
}

function show(body) {
  const failed = !!body.error;
  $("error").hidden = !failed;
  $("error").textContent = failed ? label(body.error.kind === "refused" ? "refused" : "error")
    + ": " + body.error.text : "";
  $("headline").hidden = failed;
  $("count").textContent = failed ? "" : (body.count_text === null ? "\u2014" : body.count_text);
  $("count-noun").textContent = failed ? "" : body.count_noun;
  $("summary").textContent = failed ? "" : body.summary;
  $("ruling-box").hidden = failed || !body.ruling;
  $("ruling").textContent = failed ? "" : body.ruling;
  const notes = $("notes");
  notes.replaceChildren();
  if (!failed) {
    if (body.refused) notes.append(el("li", label("refused") + ": " + body.refused));
    for (const reason of body.none) notes.append(el("li", label("none") + ": " + reason));
    for (const warning of body.warnings) notes.append(el("li", label("warning") + ": " + warning));
  }
  showGrid(failed ? null : body.grid);
  showTrails(failed ? null : body.trails);
}

// The answers, a column per target: two header rows (each group over its columns).
function showGrid(grid) {
  const table = $("answers");
  table.hidden = !grid || !grid.rows.length;
  const top = el("tr");
  const names = el("tr");
  const rows = [];
  if (grid) {
    top.append(el("th", "#", { className: "n", rowSpan: 2, scope: "col" }));
    for (const group of grid.groups) {
      const named = group.columns.length > 1 || group.columns[0] !== "";
      top.append(el("th", group.label, { className: "group", colSpan: group.columns.length,
                                         rowSpan: named ? 1 : 2, scope: "colgroup" }));
      if (named) for (const name of group.columns) names.append(el("th", name, { scope: "col" }));
    }
    grid.rows.forEach((cells, index) => {
      const row = el("tr");
      row.append(el("td", index + 1, { className: "n" }), ...cells.map((c) => el("td", c)));
      rows.push(row);
    });
  }
  table.tHead.replaceChildren(top, names);
  table.tBodies[0].replaceChildren(...rows);
}

// The rule trails of the first answers: what every one of them shares said once, then
// each one's own steps, numbered like the table's rows.
function showTrails(trails) {
  const box = $("trails");
  box.replaceChildren();
  $("trails-box").hidden = !trails || !trails.own.length;
  if (!trails) return;
  const steps = (list, className) => {
    const ol = el("ol", null, { className });
    for (const step of list) {
      ol.append(el("li", "CR " + step.version + " " + step.rule + ": " + step.detail));
    }
    return ol;
  };
  if (trails.shared.length) {
    box.append(el("h4", label("every_answer")), steps(trails.shared, "shared"));
  }
  trails.own.forEach((trail, index) => {
    if (!trail.length) return;
    box.append(el("h4", "#" + (index + 1)), steps(trail, "own"));
  });
}

// ------------------------------------------------------------------ keys

function tabKeys(event) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const next = state.mode === "form" ? "paste" : "form";
  showMode(next);
  $("tab-" + next).focus();
  event.preventDefault();
}

// ------------------------------------------------------------------ start

async function start() {
  await loadPage(navigator.language && navigator.language.startsWith("fr") ? "fr" : "en");
  $("card").value = "Alpha Strike";
  addUnit({ id: "kai", controller: "A", might: 3, location: "north" });
  addUnit({ id: "r1", controller: "B", might: 1, location: "north" });
  addUnit({ id: "r2", controller: "B", might: 2, location: "north" });
  refreshPlaces();
  $("lang").addEventListener("change", async () => { await loadPage($("lang").value); boardChanged(); });
  $("tab-form").addEventListener("click", () => showMode("form"));
  $("tab-paste").addEventListener("click", () => showMode("paste"));
  $("tab-form").addEventListener("keydown", tabKeys);
  $("tab-paste").addEventListener("keydown", tabKeys);
  $("card").addEventListener("change", () => { state.offers = null; boardChanged(); });
  for (const id of ["battlefields", "controller", "source", "from-hidden", "available-power", "bonus-damage"]) {
    $(id).addEventListener("change", boardChanged);
  }
  $("units").addEventListener("change", boardChanged);
  for (const radio of document.querySelectorAll("input[name=question]")) {
    radio.addEventListener("change", boardChanged);
  }
  $("add-unit").addEventListener("click", () => {
    const row = addUnit({});
    boardChanged();
    row.querySelector(".u-id").focus();
  });
  $("quick-add").addEventListener("click", quickAdd);
  $("to-text").addEventListener("click", toText);
  $("to-form").addEventListener("click", toForm);
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("scenario").value);
      $("paste-status").textContent = label("copied");
    } catch (error) {
      $("scenario").select();
      $("paste-status").textContent = label("copy_by_hand");
    }
  });
  $("answer").addEventListener("click", ask);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); ask(); }
  });
  await checkBoard();
  document.body.dataset.ready = "true";
}

start();
