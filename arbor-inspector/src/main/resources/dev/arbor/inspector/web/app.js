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
  drawnChart: -1,       // the chart whose svg is in #chart
  travel: null,         // null: live; else the step shown
  reportSeq: -1,
  controls: false,
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

function sendView() {
  return api('/api/view?client=' + client, {
    filter: state.filter, offset: state.offset, limit: PAGE, selected: state.selected,
  }).catch(() => setTimeout(sendView, 300)); // the stream may not be open yet
}

function message(text, ok) {
  const m = $('message');
  m.textContent = text;
  m.className = ok ? 'message ok' : 'message';
  m.hidden = !text;
  if (ok) setTimeout(() => { if (m.textContent === text) m.hidden = true; }, 2500);
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
  if ('selected' in f) {
    state.machine = f.selected;
    renderSelected();
  }
  if (f.telegrams) renderTelegrams(f.telegrams);
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

async function renderSelected() {
  const m = state.machine;
  if (!m) {
    $('sel-name').textContent = 'no machine selected';
    $('sel-state').textContent = '';
    return;
  }
  const chart = await chartView(m.chart);
  if (state.machine !== m) return; // a newer frame arrived meanwhile
  $('sel-name').textContent = m.name + (m.detached ? ' (detached)' : '');
  $('sel-state').textContent = 'chart ' + chart.name + (m.lastEvent ? ' · last event ' + m.lastEvent : '');
  if (state.drawnChart !== m.chart) drawChart(chart, m.chart);
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
  renderTravel(chart);
}

function drawChart(chart, id) {
  const box = $('chart');
  box.innerHTML = chart.svg; // our own renderer's SVG, names escaped
  const svg = box.querySelector('svg');
  if (svg) {
    // scale the drawing to the panel, keeping its proportions
    if (!svg.getAttribute('viewBox')) {
      svg.setAttribute('viewBox', '0 0 ' + parseFloat(svg.getAttribute('width')) + ' ' + parseFloat(svg.getAttribute('height')));
    }
    svg.setAttribute('preserveAspectRatio', 'xMidYMin meet');
    svg.dataset.width = svg.getAttribute('width');
    svg.dataset.height = svg.getAttribute('height');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
  }
  for (const g of box.querySelectorAll('g.state')) {
    const kind = g.dataset.kind;
    if (kind === 'compound' || kind === 'parallel') g.classList.add('container');
    if (kind.endsWith('history')) g.classList.add('history');
  }
  state.drawnChart = id;
}

/** The steps kept in the trace, in order, and the earliest one time travel can show. */
function steps(trace) {
  const all = [];
  for (const r of trace) if (all[all.length - 1] !== r.step) all.push(r.step);
  return all;
}

/** The configuration after step k: the live one with every later step undone. Null when k is before a barrier. */
function configurationAt(m, k) {
  const active = new Set(m.active);
  for (let i = m.trace.length - 1; i >= 0; i--) {
    const r = m.trace[i];
    if (r.step <= k) break;
    if (r.type === 'attach' || r.type === 'move' || r.type === 'sync') return null; // before this the states were others
    if (r.type === 'enter') active.delete(r.a);
    else if (r.type === 'exit') active.add(r.a);
  }
  return active;
}

/** The steps time travel can reach: every kept step from the last attach or chart move on. */
function reachable(m) {
  const all = steps(m.trace);
  let first = 0;
  for (let i = 0; i < m.trace.length; i++) {
    const r = m.trace[i];
    if (r.type === 'attach' || r.type === 'move' || r.type === 'sync') first = all.indexOf(r.step);
  }
  return all.slice(Math.max(first, 0));
}

function renderTravel(chart) {
  const m = state.machine;
  const reach = reachable(m);
  let active; let marked; let step = state.travel;
  if (step !== null && !reach.includes(step)) step = state.travel = null;
  if (step === null) {
    active = new Set(m.active);
    const lastStep = reach[reach.length - 1];
    marked = new Set(m.trace.filter(r => r.type === 'transition' && r.step === lastStep).map(r => r.a));
    if (marked.size === 0 && m.lastTransition >= 0) marked.add(m.lastTransition);
    $('travel-label').textContent = 'live';
    $('travel-label').className = '';
    $('chart').classList.remove('past');
  } else {
    active = configurationAt(m, step);
    marked = new Set(m.trace.filter(r => r.type === 'transition' && r.step === step).map(r => r.a));
    const i = reach.indexOf(step);
    $('travel-label').textContent = 'step ' + (i + 1) + ' of ' + reach.length;
    $('travel-label').className = 'past';
    $('chart').classList.add('past');
  }
  const i = step === null ? reach.length - 1 : reach.indexOf(step);
  $('step-back').disabled = i <= 0;
  $('step-forward').disabled = step === null;
  $('live').disabled = step === null;
  highlight(chart, active || new Set(), marked, step === null ? m : null);
  renderTrace(m, step);
}

function highlight(chart, active, marked, live) {
  const box = $('chart');
  for (const g of box.querySelectorAll('g.state')) {
    const id = Number(g.id.slice(1));
    g.classList.toggle('on', active.has(id));
    for (const t of g.querySelectorAll('text.clock, text.recorded')) t.remove();
  }
  for (const g of box.querySelectorAll('g.transition')) {
    g.classList.toggle('last', marked.has(Number(g.dataset.transition)));
  }
  if (!live) return;
  for (const [s, ticks] of Object.entries(live.clocks)) {
    annotate(box.querySelector('#s' + s), ticks + (ticks === 1 ? ' tick' : ' ticks'), 'clock');
  }
  for (const [h, rec] of Object.entries(live.history)) {
    const names = rec.map(s => chart.states[s] ? chart.states[s].name : '#' + s).join(', ');
    annotate(box.querySelector('#s' + h), '→ ' + (names || '(nothing)'), 'recorded');
  }
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

// ------------------------------------------------------------------ the trace

function detail(r, chart) {
  const st = id => (chart && chart.states[id] ? chart.states[id].path || '(root)' : '#' + id);
  switch (r.type) {
    case 'attach': return 'attached';
    case 'sync': return 'records were lost: the configuration was sent whole';
    case 'tick': return r.a === 1 ? '1 tick' : r.a + ' ticks';
    case 'enter': case 'exit': case 'update': return st(r.a);
    case 'internal': return st(r.a) + (r.text ? ' on ' + r.text : '');
    case 'transition': return (chart && chart.transitions[r.a] ? chart.transitions[r.a].label : '#' + r.a);
    case 'error': return st(r.a) + ': ' + r.text;
    case 'move': return 'moved onto a new chart';
    case 'reload': return (r.text || '').split('\n')[0];
    default: return r.text || '';
  }
}

let traceKey = '';

function renderTrace(m, step, force) {
  const chart = state.charts.get(m.chart);
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
    const d = detail(r, chart);
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
  const reach = reachable(m);
  state.travel = step === null || step === reach[reach.length - 1] ? null : (reach.includes(step) ? step : state.travel);
  renderTravel(state.charts.get(m.chart));
}

function travelBy(delta) {
  const m = state.machine;
  if (!m) return;
  const reach = reachable(m);
  const i = state.travel === null ? reach.length - 1 : reach.indexOf(state.travel);
  const j = Math.max(0, Math.min(reach.length - 1, i + delta));
  state.travel = j === reach.length - 1 ? null : reach[j];
  renderTravel(state.charts.get(m.chart));
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
$('chart').ondblclick = () => { // fit to the panel, or the drawing's own size (scrolled)
  const svg = $('chart').querySelector('svg');
  if (!svg) return;
  const actual = $('chart').classList.toggle('actual');
  for (const d of ['width', 'height']) {
    if (actual) svg.setAttribute(d, svg.dataset[d]); else svg.removeAttribute(d);
  }
};
for (const id of ['trace-filter', 'trace-kind']) {
  for (const type of ['input', 'change']) {
    $(id).addEventListener(type, () => { if (state.machine) renderTrace(state.machine, state.travel, true); });
  }
}

connect();
