// The Arbor inspector's page: plain JavaScript, no build step. It holds one Server-Sent Events
// stream (/api/stream) of frames the server sends at a bounded rate, and tells the server what it
// shows (/api/view). Wire format and API: docs/inspector.md.
'use strict';

const PAGE = 100;
const token = new URLSearchParams(location.search).get('token');
const client = 'c' + Math.random().toString(36).slice(2, 12);
const $ = id => document.getElementById(id);

const state = {
  filter: '', offset: 0, selected: -1,
  frame: null,          // the last frame
  machine: null,        // the selected machine's last details
  charts: new Map(),    // chart id -> chart view (with svg)
  drawnChart: -1,       // the chart whose svg is in #chart (in the studio, a string: the edited document's drawing)
  drawnName: null,      // the name of the chart drawn
  whole: null,          // the drawing's own extent {x, y, w, h}
  view: null,           // the part of it shown (zoom and pan)
  loadFailure: null,    // the last save that did not load, while it is the last
  travel: null,         // null: live; else the step shown
  reportSeq: -1,
  controls: false,
  coverage: null,       // the coverage of the selected machine's chart (a frame's), or null
};

function withToken(path) {
  if (!token) return path;
  return path + (path.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token);
}

async function api(path, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers['X-Arbor-Token'] = token;
  const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: res.status + ' ' + res.statusText }; }
  if (!res.ok) throw new Error(data && data.error ? data.error : res.statusText);
  return data;
}

let viewVersion = 0;

/** Tells the server what the page shows; numbered, so that an older request arriving late changes nothing. */
function sendView() {
  return api('/api/view?client=' + client, {
    filter: state.filter, offset: state.offset, limit: PAGE, selected: state.selected, version: ++viewVersion,
  }).catch(() => setTimeout(sendView, 300)); // the stream may not be open yet
}

let messageShown = 0; // which message is on screen: an older one's timer never hides a newer one with the same words
function message(text, ok) {
  const m = $('message');
  const shown = ++messageShown;
  m.textContent = text;
  m.className = ok ? 'message ok' : 'message';
  m.hidden = !text;
  if (ok) setTimeout(() => { if (messageShown === shown) m.hidden = true; }, 2500);
}

// ------------------------------------------------------------------ the stream

function connect() {
  const es = new EventSource(withToken('/api/stream?client=' + client));
  es.onopen = () => {
    $('conn').textContent = 'live';
    $('conn').className = 'pill ok';
    sendView();
  };
  es.onerror = () => {
    $('conn').textContent = 'disconnected';
    $('conn').className = 'pill bad';
  };
  es.onmessage = ev => onFrame(JSON.parse(ev.data));
}

function onFrame(f) {
  state.frame = f;
  state.controls = f.controls && !f.replay;
  if (f.replay) { $('conn').textContent = 'replay'; $('conn').className = 'pill'; }
  $('tick').textContent = f.tick;
  $('attached').textContent = f.machines.total;
  $('dropped').textContent = f.dropped;
  $('drops').className = f.dropped > 0 ? 'pill bad' : '';
  $('paused-pill').hidden = !f.paused;
  for (const id of ['pause', 'step', 'resume', 'send', 'event-input']) $(id).disabled = !state.controls;
  $('pause').disabled = !state.controls || f.paused;
  $('step').disabled = !state.controls || !f.paused;
  $('resume').disabled = !state.controls || !f.paused;
  renderList(f.machines);
  renderLoadFailure(f.loadFailure);
  if ('coverage' in f) {
    state.coverage = f.coverage;
    renderCoverage();
  }
  if (typeof studio !== 'undefined') studio.onFrame(f); // the studio, and the Variables box editable while paused
  if (state.selected < 0 && f.machines.total === 1 && f.machines.rows.length === 1) {
    select(f.machines.rows[0].machine); // one machine: show it at once
    return;
  }
  if ('selected' in f) {
    state.machine = f.selected;
    renderSelected();
  }
  if (f.telegrams) renderTelegrams(f.telegrams);
}

/** Whether the page edits the chart (studio.js, when /api/status says studio). */
function studioOn() {
  return typeof studio !== 'undefined' && studio.on;
}

// ------------------------------------------------------------------ the machine list

const rowElements = new Map(); // machine slot -> its row, kept so that a click is never lost to a redraw

function renderList(ms) {
  $('count').textContent = ms.matching === ms.total ? ms.total + ' machines' : ms.matching + ' of ' + ms.total + ' machines';
  const list = $('list');
  const rows = ms.rows.map(r => {
    let d = rowElements.get(r.machine);
    if (!d) {
      d = document.createElement('div');
      d.dataset.machine = r.machine;
      d.setAttribute('role', 'option');
      for (const cls of ['name', 'leaf', 'meta']) {
        const part = document.createElement('div');
        part.className = cls;
        d.appendChild(part);
      }
      d.onclick = () => select(r.machine);
      rowElements.set(r.machine, d);
    }
    d.className = 'row' + (r.machine === state.selected ? ' sel' : '');
    setText(d.children[0], r.name);
    setText(d.children[1], r.leaf);
    setText(d.children[2], r.chart + (r.lastEvent ? ' · last event ' + r.lastEvent : '') + ' · tick ' + r.tick);
    return d;
  });
  const same = rows.length === list.children.length && rows.every((r, i) => list.children[i] === r);
  if (!same) {
    list.replaceChildren(...rows);
    const shown = new Set(ms.rows.map(r => r.machine));
    for (const k of rowElements.keys()) if (!shown.has(k)) rowElements.delete(k);
  }
  const last = Math.min(ms.offset + PAGE, ms.matching);
  $('page').textContent = ms.matching ? (ms.offset + 1) + '–' + last : '';
  $('prev').disabled = ms.offset === 0;
  $('next').disabled = last >= ms.matching;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function select(slot) {
  state.selected = slot;
  state.travel = null;
  state.reportSeq = -1;
  $('report').hidden = true;
  sendView();
  for (const r of document.querySelectorAll('#list .row')) r.classList.toggle('sel', Number(r.dataset.machine) === slot);
}

// ------------------------------------------------------------------ the selected machine

async function chartView(id) {
  if (!state.charts.has(id)) {
    const res = await fetch(withToken('/api/chart?id=' + id));
    if (!res.ok) throw new Error('chart ' + id + ': ' + res.status);
    state.charts.set(id, await res.json());
  }
  return state.charts.get(id);
}

/** Every chart a machine's records are read with: its own, and those of its trace and past configurations. */
function chartsOf(m) {
  const ids = new Set([m.chart]);
  for (const r of m.trace) ids.add(r.chart);
  for (const c of m.configurations) ids.add(c.chart);
  return [...ids];
}

async function renderSelected() {
  const m = state.machine;
  if (!m) {
    $('sel-name').textContent = 'no machine selected';
    $('sel-state').textContent = '';
    $('variables-box').hidden = true;
    if (studioOn()) studio.redraw();
    return;
  }
  await Promise.all(chartsOf(m).map(chartView));
  if (state.machine !== m) return; // a newer frame arrived meanwhile
  const chart = state.charts.get(m.chart);
  $('sel-name').textContent = m.name + (m.detached ? ' (detached)' : '');
  $('sel-state').textContent = 'chart ' + chart.name + (m.lastEvent ? ' · last event ' + m.lastEvent : '');
  const names = $('event-names');
  if (names.dataset.chart !== String(m.chart)) {
    names.replaceChildren(...chart.events.map(e => { const o = document.createElement('option'); o.value = e; return o; }));
    names.dataset.chart = String(m.chart);
  }
  if (m.report && m.report.seq !== state.reportSeq) {
    state.reportSeq = m.report.seq;
    $('report-text').textContent = m.report.text;
    $('report').hidden = false;
  }
  renderTravel();
}

function drawChart(chart, id) {
  drawSvg(chart.svg, id, chart.name);
}

/**
 * Puts a drawing in the panel: a chart's (key: its id) or, in the studio, the edited document's
 * (key: a string). A new drawing of the chart already shown keeps the zoom.
 */
function drawSvg(svgText, key, name) {
  const box = $('chart');
  const keep = state.view && state.drawnName === name ? state.view : null; // a new version of the same chart keeps its zoom
  state.drawnName = name;
  box.innerHTML = svgText; // our own renderer's SVG, names escaped
  const svg = box.querySelector('svg');
  if (svg) {
    const w = parseFloat(svg.getAttribute('width')), h = parseFloat(svg.getAttribute('height'));
    if (!svg.getAttribute('viewBox')) svg.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    const vb = svg.getAttribute('viewBox').split(/[\s,]+/).map(Number);
    state.whole = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
  }
  for (const g of box.querySelectorAll('g.state')) {
    const kind = g.dataset.kind;
    if (kind === 'compound' || kind === 'parallel') g.classList.add('container');
    if (kind.endsWith('history')) g.classList.add('history');
  }
  state.drawnChart = key;
  if (keep) setView(keep); else fit();
  markProblems();
  markCoverage();
  if (studioOn()) studio.drawn();
}

// ------------------------------------------------------------------ zoom and pan

/** The part of the drawing shown: a viewBox. Zoom is the drawing's size over the shown part's. */
function setView(v) {
  const svg = $('chart').querySelector('svg');
  if (!svg || !state.whole) return;
  state.view = v;
  svg.setAttribute('viewBox', [v.x, v.y, v.w, v.h].join(' '));
  $('zoom-level').textContent = Math.round(100 * zoomOf(v)) + '%';
}

/** How large the drawing is on screen against its own size (1: one unit a pixel). */
function zoomOf(v) {
  const box = $('chart').getBoundingClientRect();
  return Math.min(box.width / v.w, box.height / v.h) || 1;
}

/** The whole drawing in the panel, never larger than its own size. */
function fit() {
  const w = state.whole;
  if (!w) return;
  const box = $('chart').getBoundingClientRect();
  const scale = Math.min(1, Math.min(box.width / w.w, box.height / w.h) || 1);
  const vw = box.width / scale, vh = box.height / scale;
  setView({ x: w.x + (w.w - vw) / 2, y: w.y + (w.h - vh) / 2, w: vw, h: vh });
}

/** Zooms by {@code factor} about a point of the panel (fractions of its width and height). */
function zoomBy(factor, fx = 0.5, fy = 0.5) {
  const v = state.view;
  if (!v) return;
  const z = zoomOf(v) * factor;
  if (z < 0.05 || z > 20) return;
  const w = v.w / factor, h = v.h / factor;
  setView({ x: v.x + (v.w - w) * fx, y: v.y + (v.h - h) * fy, w, h });
}

$('chart').addEventListener('wheel', ev => {
  if (!state.view) return;
  ev.preventDefault();
  const box = $('chart').getBoundingClientRect();
  zoomBy(ev.deltaY < 0 ? 1.2 : 1 / 1.2, (ev.clientX - box.left) / box.width, (ev.clientY - box.top) / box.height);
}, { passive: false });

let drag = null;
$('chart').addEventListener('pointerdown', ev => {
  if (!state.view || ev.button !== 0) return;
  drag = { x: ev.clientX, y: ev.clientY, view: state.view };
  $('chart').setPointerCapture(ev.pointerId);
  $('chart').classList.add('panning');
});
$('chart').addEventListener('pointermove', ev => {
  if (!drag) return;
  const z = zoomOf(drag.view);
  const v = drag.view;
  setView({ x: v.x - (ev.clientX - drag.x) / z, y: v.y - (ev.clientY - drag.y) / z, w: v.w, h: v.h });
});
for (const type of ['pointerup', 'pointercancel']) {
  $('chart').addEventListener(type, () => { drag = null; $('chart').classList.remove('panning'); });
}
window.addEventListener('resize', () => { if (state.view) setView(state.view); });

// ------------------------------------------------------------------ time travel

/** The configurations time travel can show (the server's, after each kept step), the last being live. */
function reachable(m) {
  return m.configurations || [];
}

function renderTravel() {
  const m = state.machine;
  const reach = reachable(m);
  let i = state.travel === null ? reach.length - 1 : reach.findIndex(c => c.step === state.travel);
  if (state.travel !== null && i < 0) { state.travel = null; i = reach.length - 1; }
  const live = state.travel === null;
  const shown = live ? null : reach[i];
  const chartId = shown ? shown.chart : m.chart;
  const chart = state.charts.get(chartId);
  renderVariables(m, shown, live ? 'live' : 'at step ' + (i + 1) + ' of ' + reach.length); // first: it sets the chart's width
  // Live, the studio shows the edited document's drawing (which may differ from the chart the
  // machine runs until it is saved): its states are matched by name.
  const doc = live && studioOn() ? studio.drawing() : null;
  if (doc) {
    if (state.drawnChart !== doc.key) drawSvg(doc.svg, doc.key, doc.name);
  } else if (state.drawnChart !== chartId) drawChart(chart, chartId);
  let active; let marked; let history;
  if (live) {
    active = new Set(m.active);
    history = m.history;
    const lastStep = reach.length ? reach[reach.length - 1].step : -1;
    marked = new Set(m.trace.filter(r => r.type === 'transition' && r.step === lastStep && r.chart === m.chart).map(r => r.a));
    if (marked.size === 0 && m.lastTransition >= 0) marked.add(m.lastTransition);
    $('travel-label').textContent = 'live';
    $('travel-label').className = '';
    $('chart').classList.remove('past');
  } else {
    active = new Set(shown.active);
    history = shown.history;
    marked = new Set(m.trace.filter(r => r.type === 'transition' && r.step === shown.step && r.chart === chartId).map(r => r.a));
    $('travel-label').textContent = 'step ' + (i + 1) + ' of ' + reach.length;
    $('travel-label').className = 'past';
    $('chart').classList.add('past');
  }
  $('step-back').disabled = i <= 0;
  $('step-forward').disabled = live;
  $('live').disabled = live;
  highlight(chart, active, marked, history, live ? m.clocks : {}, !!doc);
  renderTrace(m, live ? null : shown.step);
}

// ------------------------------------------------------------------ variables

/** A variable's type in words, as the chart declares it (Variable.describe). */
function describeVariable(d) {
  if (d.type === 'int') return 'an int from ' + d.min + ' to ' + d.max;
  if (d.type === 'enum') return 'one of ' + d.values.join(', ');
  return d.type;
}

/** What the Variables box drew last: the machine, whether live, and each value by name (to mark a live change). */
let variablesDrawn = { machine: -1, live: false, values: new Map() };

/**
 * The Variables box: the selected machine's designer variables, name = value. Live, a value that
 * just changed flashes; during time travel it lists the values after the step shown (read with
 * that step's chart), those that differ from live marked, with the live value on hover. Hidden
 * when there are none to list.
 */
function renderVariables(m, shown, when) {
  const box = $('variables-box');
  const live = new Map((m.variables || []).map(v => [v.name, v]));
  let rows;
  if (!shown) {
    rows = (m.variables || []).map(v => ({ name: v.name, value: v.value, type: v.type, describe: v.describe }));
  } else {
    const chart = state.charts.get(shown.chart);
    const defs = chart && chart.variables ? chart.variables : [];
    rows = (shown.variables || []).map((value, id) => {
      const d = defs[id] || { name: '#' + id, type: '' };
      const now = live.get(d.name);
      return { name: d.name, value, type: d.type, describe: describeVariable(d), live: now ? now.value : null };
    });
  }
  const hidden = rows.length === 0;
  if (box.hidden !== hidden) {
    box.hidden = hidden;
    if (state.view) setView(state.view); // the chart's panel changed width
  }
  box.classList.toggle('past', !!shown);
  setText($('variables-when'), when);
  $('variables-when').className = shown ? 'muted past' : 'muted';
  const body = $('variables').tBodies[0];
  const key = JSON.stringify([m.machine, !shown, rows]);
  if (body.dataset.key === key) return; // unchanged: keep the rows (and a flash in progress)
  if (body.querySelector('td.value input, td.value select')) return; // a value being edited: redrawn when it is set
  body.dataset.key = key;
  const before = variablesDrawn.machine === m.machine && variablesDrawn.live && !shown ? variablesDrawn.values : null;
  variablesDrawn = { machine: m.machine, live: !shown, values: new Map(rows.map(r => [r.name, r.value])) };
  body.replaceChildren(...rows.map(r => {
    const tr = document.createElement('tr');
    tr.dataset.name = r.name;
    const differs = shown && r.live !== r.value;
    if (differs) {
      tr.className = 'differs';
      tr.title = r.live === null ? 'not declared by the chart the machine runs now' : 'live: ' + r.live;
    } else if (before && before.has(r.name) && before.get(r.name) !== r.value) {
      tr.className = 'fresh';
    }
    for (const [text, cls, title] of [[r.name, 'name', r.describe], ['=', 'eq'], [r.value, 'value'], [r.type, 'type']]) {
      const td = document.createElement('td');
      td.className = cls;
      td.textContent = text;
      if (title) td.title = title;
      tr.appendChild(td);
    }
    return tr;
  }));
}

/**
 * Fills the active states and marks the transition just taken. {@code byName}: the drawing is not
 * of {@code chart} (the studio's document), so states are found by their names and transitions,
 * whose ids differ, are not marked.
 */
function highlight(chart, active, marked, history, clocks, byName) {
  const box = $('chart');
  const gOf = id => byName ? stateGroup(chart.states[id] ? chart.states[id].name : null) : box.querySelector('#s' + id);
  const on = new Set([...active].map(gOf).filter(Boolean));
  for (const g of box.querySelectorAll('g.state')) {
    g.classList.toggle('on', on.has(g));
  }
  for (const g of box.querySelectorAll('g.transition')) {
    g.classList.toggle('last', !byName && marked.has(Number(g.dataset.transition)));
  }
  // The notes: clocks under their states, history records beside theirs. Kept when unchanged, so
  // that frames many times a second do not redraw them.
  const notes = new Map();
  for (const [s, ticks] of Object.entries(clocks)) {
    const g = gOf(Number(s));
    if (g) notes.set(g.id + ' clock', ticks + (ticks === 1 ? ' tick' : ' ticks'));
  }
  for (const [h, rec] of Object.entries(history)) {
    const names = rec.map(s => chart.states[s] ? chart.states[s].name : '#' + s).join(', ');
    const g = gOf(Number(h));
    if (g) notes.set(g.id + ' recorded', '→ ' + (names || '(nothing)'));
  }
  for (const t of box.querySelectorAll('text.clock, text.recorded')) {
    const key = t.parentNode.id + ' ' + t.getAttribute('class');
    if (notes.get(key) === t.textContent) notes.delete(key);
    else t.remove();
  }
  for (const [key, text] of notes) {
    const [id, cls] = key.split(' ');
    annotate(box.querySelector('#' + id), text, cls);
  }
}

/** The drawing's group of the state of that name, or null. */
function stateGroup(name) {
  if (name === null || name === undefined) return null;
  return $('chart').querySelector('g.state[data-state="' + CSS.escape(name) + '"]');
}

/** Writes a small note in a state's box: its clock in the lower right, a history record beside it. */
function annotate(g, text, cls) {
  if (!g) return;
  const shape = g.firstElementChild;
  const box = shape.getBBox();
  const t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
  t.setAttribute('class', cls);
  if (cls === 'clock') { // under the state's box, at its right
    t.setAttribute('x', box.x + box.width);
    t.setAttribute('y', box.y + box.height + 11);
    t.setAttribute('text-anchor', 'end');
  } else {
    t.setAttribute('x', box.x + box.width + 4);
    t.setAttribute('y', box.y + box.height / 2 + 4);
  }
  t.textContent = text;
  g.appendChild(t);
}

// ------------------------------------------------------------------ a save that does not load

function renderLoadFailure(failure) {
  const box = $('load-failure');
  const key = failure ? JSON.stringify(failure) : '';
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  state.loadFailure = failure;
  box.hidden = !failure;
  if (failure) {
    $('load-failure-head').textContent = studioOn()
      ? failure.file + ' as saved does not load (tick ' + failure.tick + '): the game keeps running the chart it had.'
        + ' Fix the problems and save again.'
      : failure.file + ' does not load (tick ' + failure.tick
        + '): the game goes on with the chart it had. Fix the file and save again.';
    $('load-failure-list').replaceChildren(...failure.problems.map(p => {
      const li = document.createElement('li');
      const where = document.createElement('code');
      where.textContent = p.where;
      li.append(where, ' ' + (p.state ? '(state ' + p.state + ') ' : '') + p.message);
      return li;
    }));
  }
  markProblems();
}

/** Outlines, on the drawing, the states the problems of a failed save concern. */
function markProblems() {
  const failure = state.loadFailure;
  for (const g of $('chart').querySelectorAll('g.state.problem')) {
    g.classList.remove('problem');
    const t = g.querySelector('title.problem');
    if (t) t.remove();
  }
  if (!failure) return;
  for (const p of failure.problems) {
    const g = stateGroup(p.state);
    if (!g) continue;
    g.classList.add('problem');
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    t.setAttribute('class', 'problem');
    t.textContent = p.where + ': ' + p.message;
    g.appendChild(t);
  }
}

// ------------------------------------------------------------------ coverage

/**
 * The coverage line ("states 5/7 · transitions 9/12 · 1 dead"), its legend and what the chart's
 * analysis says when it has nothing dead to show (it runs, it was refused, it stopped early); the
 * missed states and transitions on hover. Hidden with the overlay by the Coverage box.
 */
function renderCoverage() {
  const c = state.coverage;
  $('coverage-bar').hidden = !c;
  if (c) {
    const on = $('coverage-toggle').checked;
    const chart = state.charts.get(c.chart);
    const line = $('coverage-line');
    setText(line, c.line);
    if (!chart) chartView(c.chart).then(() => { if (state.coverage === c) renderCoverage(); }).catch(() => {});
    else {
      const states = c.missed.map(s => chart.states[s].name);
      const transitions = c.untaken.map(t => chart.transitions[t].label);
      line.title = (states.length ? 'not yet in: ' + states.join(', ') : 'every state covered')
        + '\n' + (transitions.length ? 'not yet taken: ' + transitions.join('; ') : 'every transition covered');
    }
    const a = c.analysis;
    setText($('coverage-note'), a.status === 'done' || a.status === 'running' ? '' : a.message);
    $('coverage-note').title = a.status === 'done' ? '' : a.message;
    line.hidden = !on;
    $('coverage-legend').hidden = !on || a.status !== 'done';
    $('coverage-note').hidden = !on;
    if (a.status === 'done') $('coverage-legend').title = a.message;
  }
  markCoverage();
}

/**
 * Marks, on the drawing of the coverage's chart, the states its machines have been in and the
 * transitions they took (a green outline, a tick), and greys the states and transitions no run
 * can reach, with the analysis's reason on hover. Nothing when coverage is off, or another
 * drawing is shown (a past chart version in time travel, the studio's document).
 */
function markCoverage() {
  const box = $('chart');
  const c = state.coverage;
  const show = !!c && $('coverage-toggle').checked && state.drawnChart === c.chart;
  box.classList.toggle('coverage', show);
  const reached = new Set(show ? c.reached : []);
  const taken = new Set(show ? c.taken : []);
  const deadStates = new Map(show ? c.analysis.deadStates.map(d => [d.state, d]) : []);
  const deadTransitions = new Map(show ? c.analysis.deadTransitions.map(d => [d.transition, d]) : []);
  for (const g of box.querySelectorAll('g.state')) {
    const id = Number(g.id.slice(1));
    g.classList.toggle('covered', reached.has(id));
    g.classList.toggle('dead', deadStates.has(id));
    deadTitle(g, deadStates.get(id));
    badge(g, reached.has(id));
  }
  for (const g of box.querySelectorAll('g.transition[data-transition]')) {
    const id = Number(g.dataset.transition);
    g.classList.toggle('covered', taken.has(id));
    g.classList.toggle('dead', deadTransitions.has(id));
    deadTitle(g, deadTransitions.get(id));
  }
}

/** The analysis's reason as the element's tooltip, or none. */
function deadTitle(g, dead) {
  let t = g.querySelector(':scope > title.dead');
  if (!dead) {
    if (t) t.remove();
    return;
  }
  if (!t) {
    t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    t.setAttribute('class', 'dead');
    g.appendChild(t);
  }
  setText(t, (dead.definite ? '' : 'possibly: ') + dead.message);
}

/** A small green tick at the top right of a covered state's shape. */
function badge(g, covered) {
  const old = g.querySelector(':scope > g.badge');
  if (!covered || old) {
    if (!covered && old) old.remove();
    return;
  }
  const ns = 'http://www.w3.org/2000/svg';
  const box = g.firstElementChild.getBBox();
  const round = g.firstElementChild.tagName === 'circle';
  const x = round ? box.x + box.width * 0.85 : box.x + box.width - 1, y = round ? box.y + box.height * 0.15 : box.y + 1;
  const b = document.createElementNS(ns, 'g');
  b.setAttribute('class', 'badge');
  const circle = document.createElementNS(ns, 'circle');
  circle.setAttribute('class', 'badge');
  circle.setAttribute('cx', x);
  circle.setAttribute('cy', y);
  circle.setAttribute('r', 6);
  const tick = document.createElementNS(ns, 'text');
  tick.setAttribute('class', 'badge');
  tick.setAttribute('x', x);
  tick.setAttribute('y', y + 3);
  tick.setAttribute('text-anchor', 'middle');
  tick.textContent = '✓';
  b.append(circle, tick);
  g.appendChild(b);
}

$('coverage-toggle').checked = localStorage.getItem('arbor.coverage') !== 'off';
$('coverage-toggle').addEventListener('change', () => {
  localStorage.setItem('arbor.coverage', $('coverage-toggle').checked ? 'on' : 'off');
  renderCoverage();
});

// ------------------------------------------------------------------ the trace

function detail(r) {
  const chart = state.charts.get(r.chart);
  const st = id => (chart && chart.states[id] ? chart.states[id].path || '(root)' : '#' + id);
  switch (r.type) {
    case 'attach': return 'attached';
    case 'sync': return r.cause === 'reload' ? 'the configuration on the new chart, as the machine holds it'
      : 'records were lost: the configuration was sent whole';
    case 'tick': return r.a === 1 ? '1 tick' : r.a + ' ticks';
    case 'enter': case 'exit': case 'update': return st(r.a);
    case 'internal': return st(r.a) + (r.text ? ' on ' + r.text : '');
    case 'transition': return (chart && chart.transitions[r.a] ? chart.transitions[r.a].label : '#' + r.a);
    case 'error': return st(r.a) + ': ' + r.text;
    case 'log': return st(r.a) + ': ' + r.text;
    case 'variable': {
      const v = chart && chart.variables ? chart.variables[r.a] : null;
      return (v ? v.name : '#' + r.a) + ' = ' + r.text + (r.between ? ' (set between steps)' : '');
    }
    case 'move': return 'moved onto a new version of chart ' + (chart ? chart.name : '#' + r.chart);
    case 'reload': return (r.text || '').split('\n')[0];
    default: return r.text || '';
  }
}

let traceKey = '';

function renderTrace(m, step, force) {
  const text = $('trace-filter').value.trim().toLowerCase();
  const kinds = $('trace-kind').value ? $('trace-kind').value.split(' ') : null;
  const body = $('trace').tBodies[0];
  const lastRecord = m.trace[m.trace.length - 1];
  const key = [m.machine, m.chart, step, text, $('trace-kind').value, m.trace.length,
    lastRecord ? lastRecord.seq + ':' + lastRecord.a : ''].join('|');
  if (!force && key === traceKey) return; // unchanged: keep the rows (and any click on them)
  traceKey = key;
  const rows = [];
  for (let i = m.trace.length - 1; i >= 0; i--) { // newest first
    const r = m.trace[i];
    if (kinds && !kinds.includes(r.type)) continue;
    const d = detail(r);
    if (text && !(r.type + ' ' + d + ' ' + r.cause).toLowerCase().includes(text)) continue;
    const tr = document.createElement('tr');
    tr.dataset.step = r.step;
    tr.dataset.type = r.type;
    if (step !== null) tr.className = r.step === step ? 'in-step' : r.step > step ? 'later' : '';
    for (const [value, cls] of [[r.step, ''], [r.tick, ''], [r.type, 'k-' + r.type], [d, ''], [r.cause, 'cause-' + r.cause]]) {
      const td = document.createElement('td');
      td.textContent = value;
      if (cls) td.className = cls;
      tr.appendChild(td);
    }
    tr.onclick = () => travelTo(r.step);
    rows.push(tr);
  }
  body.replaceChildren(...rows);
}

function travelTo(step) {
  const m = state.machine;
  if (!m) return;
  const reach = reachable(m).map(c => c.step);
  state.travel = step === null || step === reach[reach.length - 1] ? null : (reach.includes(step) ? step : state.travel);
  renderTravel();
}

/** Steps back or forward to the nearest step whose configuration differs from the one shown (quiet ticks are skipped). */
function travelBy(delta) {
  const m = state.machine;
  if (!m) return;
  const reach = reachable(m);
  const same = (a, b) => a.chart === b.chart && JSON.stringify(a.active) === JSON.stringify(b.active)
    && JSON.stringify(a.history) === JSON.stringify(b.history) && JSON.stringify(a.variables) === JSON.stringify(b.variables);
  let i = state.travel === null ? reach.length - 1 : reach.findIndex(c => c.step === state.travel);
  if (i < 0) return;
  const from = reach[i];
  let j = i + delta;
  while (j > 0 && j < reach.length - 1 && same(reach[j], from)) j += delta;
  j = Math.max(0, Math.min(reach.length - 1, j));
  if (delta < 0) { // show the first step of a run of equal configurations: where it began
    while (j > 0 && same(reach[j - 1], reach[j])) j--;
  }
  state.travel = j === reach.length - 1 ? null : reach[j].step;
  renderTravel();
}

// ------------------------------------------------------------------ telegrams

function renderTelegrams(t) {
  $('pending-count').textContent = t.pending.length ? t.pending.length + ' pending' : '';
  const recent = t.recent.slice(-24);
  const lanes = [];
  for (const x of recent) for (const a of [x.sender, x.receiver]) if (!lanes.includes(a)) lanes.push(a);
  const W = Math.max(260, lanes.length * 110), rowH = 18, top = 22;
  const H = top + recent.length * rowH + 8;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('width', W); svg.setAttribute('height', H);
  const x = a => 55 + lanes.indexOf(a) * 110;
  const el = (name, attrs, text) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  for (const a of lanes) {
    el('text', { x: x(a), y: 14, 'text-anchor': 'middle', 'font-weight': 'bold' }, a);
    el('line', { x1: x(a), y1: top - 4, x2: x(a), y2: H, stroke: '#cfd6df' });
  }
  recent.forEach((m, i) => {
    const y = top + i * rowH + 10;
    const x1 = x(m.sender), x2 = x(m.receiver);
    const colour = m.delivered === -1 ? '#c77d12' : m.delivered === -2 ? '#b03a2e' : '#1c5fb0';
    el('line', { x1, y1: y, x2: x2 + (x2 > x1 ? -4 : 4), y2: y, stroke: colour, 'stroke-width': 1.5 });
    el('path', { d: `M${x2},${y} l${x2 > x1 ? -7 : 7},-4 v8 z`, fill: colour });
    el('text', { x: (x1 + x2) / 2, y: y - 3, 'text-anchor': 'middle', fill: colour },
      m.event + ' @' + m.sent + (m.due !== m.sent ? '→' + m.due : ''));
  });
  $('sequence').replaceChildren(svg);
  $('pending').replaceChildren(...t.pending.map(p => {
    const li = document.createElement('li');
    li.textContent = `${p.event}: ${p.sender} → ${p.receiver}, due at tick ${p.due}`;
    return li;
  }));
}

// ------------------------------------------------------------------ controls

async function control(action) {
  try {
    await api('/api/control', { action });
  } catch (e) { message(e.message); }
}

async function sendEvent() {
  const event = $('event-input').value.trim();
  if (state.selected < 0) { message('select a machine first'); return; }
  if (!event) { message('type an event name'); return; }
  try {
    await api('/api/send', { machine: state.selected, event });
    message('sent ' + event, true);
  } catch (e) { message(e.message); }
}

let filterTimer = null;
$('filter').addEventListener('input', () => {
  clearTimeout(filterTimer);
  filterTimer = setTimeout(() => { state.filter = $('filter').value; state.offset = 0; sendView(); }, 150);
});
$('prev').onclick = () => { state.offset = Math.max(0, state.offset - PAGE); sendView(); };
$('next').onclick = () => { state.offset += PAGE; sendView(); };
$('pause').onclick = () => control('pause');
$('step').onclick = () => control('step');
$('resume').onclick = () => control('resume');
$('send').onclick = sendEvent;
$('event-input').addEventListener('keydown', e => { if (e.key === 'Enter') sendEvent(); });
$('step-back').onclick = () => travelBy(-1);
$('step-forward').onclick = () => travelBy(1);
$('live').onclick = () => travelTo(null);
$('report-close').onclick = () => { $('report').hidden = true; };
$('message').onclick = () => { $('message').hidden = true; };
$('chart').ondblclick = () => fit();
$('zoom-in').onclick = () => zoomBy(1.25);
$('zoom-out').onclick = () => zoomBy(1 / 1.25);
$('zoom-fit').onclick = () => fit();
$('zoom-actual').onclick = () => { // one unit of the drawing a pixel, about the centre
  const v = state.view;
  if (v) zoomBy(1 / zoomOf(v));
};
for (const id of ['trace-filter', 'trace-kind']) {
  for (const type of ['input', 'change']) {
    $(id).addEventListener(type, () => { if (state.machine) renderTrace(state.machine, state.travel, true); });
  }
}

connect();
