// riftsolve's page for the table: a board from a form or a scenario's text, one question
// to POST /api/answer, and its answer shown. Everything from the user or the server is
// written as text (textContent, option values), never as markup.
"use strict";

const state = { cards: [], labels: {}, lang: "en", mode: "form" };

function $(id) { return document.getElementById(id); }

function el(tag, text, props) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (props) Object.assign(node, props);
  return node;
}

function label(key) { return state.labels[key] || key; }

function commaList(text) {
  return text.split(",").map((s) => s.trim()).filter((s) => s !== "");
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
  document.title = label("title");
  const langs = $("lang");
  if (!langs.options.length) {
    for (const code of body.languages) langs.append(el("option", code, { value: code }));
  }
  langs.value = body.lang;
  $("limit").max = body.max_listed;
  if (!state.cards.length) {
    state.cards = body.cards;
    for (const card of body.cards) $("card").append(el("option", card.name, { value: card.name }));
  }
}

// ------------------------------------------------------------------ the form

function addUnit(unit) {
  const u = Object.assign({ id: "", controller: "B", might: "1", location: "", damage: "0",
                            deflect: "0", stunned: false, untargetable: "", tags: "" }, unit);
  const row = document.createElement("tr");
  const cell = (input) => { const td = el("td"); td.append(input); row.append(td); return input; };
  cell(el("input", null, { className: "u-id", value: u.id }));
  cell(el("input", null, { className: "u-controller", value: u.controller }));
  cell(el("input", null, { className: "u-might", type: "number", value: u.might }));
  const location = cell(el("input", null, { className: "u-location", value: u.location }));
  location.setAttribute("list", "locations");
  cell(el("input", null, { className: "u-damage", type: "number", min: "0", value: u.damage }));
  cell(el("input", null, { className: "u-deflect", type: "number", min: "0", value: u.deflect }));
  cell(el("input", null, { className: "u-stunned", type: "checkbox", checked: u.stunned }));
  const untargetable = cell(el("select", null, { className: "u-untargetable" }));
  for (const value of ["", "enemy", "all"]) untargetable.append(el("option", value, { value }));
  untargetable.value = u.untargetable;
  cell(el("input", null, { className: "u-tags", value: u.tags }));
  const remove = cell(el("button", label("remove"), { type: "button", className: "u-remove" }));
  remove.dataset.label = "remove";
  remove.addEventListener("click", () => { row.remove(); refreshTargets(); });
  $("units").tBodies[0].append(row);
  refreshTargets();
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
    const unit = { id: value("id"), controller: value("controller"), might: number(value("might")),
                   location: value("location").trim() };
    if (value("damage").trim() !== "0") unit.damage = number(value("damage"));
    if (value("deflect").trim() !== "0") unit.deflect = number(value("deflect"));
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

function candidates(kind) {
  const battlefields = commaList($("battlefields").value);
  const units = formUnits();
  if (kind === "unit" || kind === "gear") return units.map((u) => u.id);
  if (kind === "battlefield") return battlefields;
  if (kind === "location") return [...battlefields, "base"];
  if (kind === "player") {
    return [...new Set([$("controller").value, ...units.map((u) => u.controller)])];
  }
  return null;  // free text
}

// The slots of the chosen card, each with its choices from the board now; what was
// chosen before is kept.
function refreshTargets() {
  const places = $("locations");
  places.replaceChildren(...[...commaList($("battlefields").value), "base", "offboard"]
    .map((name) => el("option", null, { value: name })));
  const card = selectedCard();
  $("card-text").textContent = card ? card.text : "";
  const box = $("targets");
  const before = formTargets();
  box.replaceChildren();
  if (!card) return;
  for (const slot of card.slots) {
    const line = el("div", null, { className: "slot" });
    line.dataset.slot = slot.name;
    line.dataset.shape = slot.shape;
    line.append(el("span", slot.name, { className: "name" }));
    const options = candidates(slot.kind);
    const had = before[slot.name];
    if (slot.shape === "list" && options) {
      for (const id of options) {
        const check = el("input", null, { type: "checkbox", value: id,
                                          checked: Array.isArray(had) && had.includes(id) });
        const item = el("label");
        item.append(check, " ", el("span", id));
        line.append(item);
      }
    } else if (slot.shape === "one" && options) {
      const select = el("select");
      select.append(el("option", "—", { value: "" }));
      for (const id of options) select.append(el("option", id, { value: id }));
      if (typeof had === "string" && options.includes(had)) select.value = had;
      line.append(select);
    } else {
      const input = el("input", null, { size: 40 });
      input.placeholder = slot.shape === "places" ? '{"north": "r1"}'
        : slot.shape === "list" ? '["r1", "r2"]' : "";
      if (had !== undefined && had !== null) {
        input.value = typeof had === "string" ? had : JSON.stringify(had);
      }
      line.append(input);
    }
    box.append(line);
  }
}

function formTargets() {
  const targets = {};
  for (const line of $("targets").querySelectorAll(".slot")) {
    const name = line.dataset.slot;
    const checks = line.querySelectorAll("input[type=checkbox]");
    const select = line.querySelector("select");
    const input = line.querySelector("input:not([type=checkbox])");
    if (checks.length || (line.dataset.shape === "list" && !input)) {
      targets[name] = [...checks].filter((c) => c.checked).map((c) => c.value);
    } else if (select) {
      targets[name] = select.value === "" ? null : select.value;
    } else if (input) {
      const text = input.value.trim();
      if (text === "") targets[name] = line.dataset.shape === "one" ? null : (
        line.dataset.shape === "list" ? [] : {});
      else {
        try { targets[name] = JSON.parse(text); } catch (e) { targets[name] = text; }
      }
    }
  }
  return targets;
}

function formScenario(question) {
  const scenario = { format: 1, controller: $("controller").value, card: $("card").value,
                     battlefields: commaList($("battlefields").value), units: formUnits() };
  if ($("source").value.trim() !== "") scenario.source = $("source").value.trim();
  if ($("available-power").value.trim() !== "") {
    scenario.available_power = number($("available-power").value);
  }
  if ($("bonus-damage").value.trim() !== "") {
    scenario.bonus_damage = number($("bonus-damage").value);
  }
  if ($("from-hidden").value.trim() !== "") scenario.from_hidden = $("from-hidden").value.trim();
  if (question === "resolve") scenario.targets = formTargets();
  return scenario;
}

function showMode(mode) {
  state.mode = mode;
  $("form-pane").hidden = mode !== "form";
  $("paste-pane").hidden = mode !== "paste";
  $("tab-form").setAttribute("aria-selected", String(mode === "form"));
  $("tab-paste").setAttribute("aria-selected", String(mode === "paste"));
}

// ------------------------------------------------------------------ the question

function question() {
  return document.querySelector("input[name=question]:checked").value;
}

async function ask() {
  const asked = question();
  const text = state.mode === "form"
    ? JSON.stringify(formScenario(asked), null, 1) : $("scenario").value;
  const limit = Number($("limit").value);
  $("status").textContent = label("working");
  $("answer").disabled = true;
  try {
    const reply = await fetch("/api/answer", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ scenario: text, question: asked,
                             limit: Number.isInteger(limit) ? limit : 50, lang: state.lang }),
    });
    show(await reply.json());
  } catch (error) {
    show({ error: { kind: "error", text: String(error) } });
  } finally {
    $("status").textContent = "";
    $("answer").disabled = false;
  }
}

// The form's scenario as the board notation, what a judge copies (the server writes it,
// checked as an answer's is); a scenario it can't write (an error) stays JSON.
async function toText() {
  const text = JSON.stringify(formScenario(question()), null, 1);
  let written = text;
  try {
    const reply = await fetch("/api/notation", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ scenario: text, lang: state.lang }),
    });
    const body = await reply.json();
    if (typeof body.text === "string") written = body.text;
  } catch (error) {
    // (the JSON stays: it is the same scenario)
  }
  $("scenario").value = written;
  showMode("paste");
}

function show(body) {
  const error = $("error");
  const table = $("answers");
  const notes = $("notes");
  error.hidden = !body.error;
  error.textContent = body.error ? label(body.error.kind === "refused" ? "refused" : "error")
    + ": " + body.error.text : "";
  $("summary").textContent = body.error ? "" : body.summary;
  $("count-line").hidden = !!body.error;
  $("count").textContent = body.error ? "" : (body.count_text === null ? "—" : body.count_text);
  $("ruling-box").hidden = !body.ruling;
  $("ruling").textContent = body.ruling || "";
  showTrails(body.error ? [] : body.trails);
  notes.replaceChildren();
  if (!body.error) {
    if (body.refused) notes.append(el("li", label("refused") + ": " + body.refused));
    for (const reason of body.none) notes.append(el("li", label("none") + ": " + reason));
    for (const warning of body.warnings) notes.append(el("li", label("warning") + ": " + warning));
  }
  table.hidden = !!body.error || !body.rows.length;
  const head = el("tr");
  const rows = [];
  if (!body.error) {
    head.append(el("th", "#"), ...body.headers.map((h) => el("th", h)));
    body.rows.forEach((cells, index) => {
      const row = el("tr");
      row.append(el("td", index + 1, { className: "n" }), ...cells.map((c) => el("td", c)));
      rows.push(row);
    });
  }
  table.tHead.replaceChildren(head);
  table.tBodies[0].replaceChildren(...rows);
}

// The rule trail of the first answers, numbered like the table's rows, as the CLI's
// --explain prints it.
function showTrails(trails) {
  const box = $("trails");
  box.replaceChildren();
  $("trails-box").hidden = !trails.length;
  trails.forEach((trail, index) => {
    box.append(el("h4", "#" + (index + 1)));
    const list = el("ol", null, { className: "trail" });
    for (const step of trail) {
      list.append(el("li", "CR " + step.version + " " + step.rule + ": " + step.detail));
    }
    box.append(list);
  });
}

// ------------------------------------------------------------------ start

async function start() {
  await loadPage(navigator.language && navigator.language.startsWith("fr") ? "fr" : "en");
  $("card").value = "Alpha Strike";
  addUnit({ id: "kai", controller: "A", might: "3", location: "north" });
  addUnit({ id: "r1", controller: "B", might: "1", location: "north" });
  addUnit({ id: "r2", controller: "B", might: "2", location: "north" });
  $("lang").addEventListener("change", () => loadPage($("lang").value));
  $("tab-form").addEventListener("click", () => showMode("form"));
  $("tab-paste").addEventListener("click", () => showMode("paste"));
  $("card").addEventListener("change", refreshTargets);
  $("battlefields").addEventListener("change", refreshTargets);
  $("controller").addEventListener("change", refreshTargets);
  $("units").addEventListener("change", refreshTargets);
  $("add-unit").addEventListener("click", () => addUnit({}));
  $("to-text").addEventListener("click", toText);
  $("answer").addEventListener("click", ask);
  document.body.dataset.ready = "true";
}

start();
