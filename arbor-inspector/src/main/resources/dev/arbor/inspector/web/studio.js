// The Arbor studio: the inspector's page editing its chart file (issue 33, docs/studio.md).
// Loaded after app.js, whose state, drawing and zoom it shares; on only when /api/status says
// "studio". Every edit is a request to /api/studio/*, answered with the whole document (its text,
// problems, outline and drawing): the page keeps no chart of its own, so what it shows is what
// the loader says of the text.
'use strict';

// One global, `studio`, for app.js's hooks; everything else is inside (the two scripts share one global scope).
const studio = (() => {

const studio = {
  on: false,
  doc: null,             // the last Document the server sent
  svg: null,             // the last drawing of the document that loaded (kept while it has errors)
  svgKey: null,          // its key in state.drawnChart
  selected: null,        // the selected state's name; null: the chart itself
  transition: null,      // {source, index}: the transition being edited
  picking: null,         // the source of a transition being drawn, waiting for its target
  components: [],        // /api/studio/components
  report: null,          // the migration report marked on the drawing
  reportSeq: -1,
  queue: Promise.resolve(), // requests one after the other, each with the revision the last answer gave

  drawing() {
    return this.svg ? { svg: this.svg, key: this.svgKey, name: this.doc && this.doc.outline ? this.doc.outline.chart : null } : null;
  },
  drawn() { decorate(); },
  redraw() { redraw(); },
  onFrame(f) { studioFrame(f); },
};

// ------------------------------------------------------------------ requests

/** A request to the server with the page's token; resolves to {ok, status, data} (never throws for an HTTP error). */
async function studioRequest(method, path, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers['X-Arbor-Token'] = token;
  const res = await fetch(path, method === 'GET' ? { headers } : { method, headers, body: JSON.stringify(body || {}) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: res.status + ' ' + res.statusText }; }
  return { ok: res.ok, status: res.status, data: data || {} };
}

/** Runs {@code work} after every request before it has been answered. */
function queued(work) {
  const next = studio.queue.then(work, work);
  studio.queue = next.catch(() => {});
  return next;
}

async function loadDocument() {
  const r = await studioRequest('GET', '/api/studio/document');
  if (r.ok) setDocument(r.data);
  else message('the studio cannot read the document: ' + r.data.error);
}

/** Makes one edit ({op, ...fields} as ChartEdit's records); true when it was made. */
function edit(op) {
  return queued(async () => {
    const r = await studioRequest('POST', '/api/studio/edit', { revision: studio.doc.revision, edit: op });
    if (r.ok) {
      setDocument(r.data);
      return true;
    }
    if (r.status === 409) {
      await loadDocument();
      message(r.data.error + ' (the page now shows the document as it is)');
    } else {
      message(r.data.error);
    }
    return false;
  });
}

function undoRedo(which) {
  return queued(async () => {
    const r = await studioRequest('POST', '/api/studio/' + which, {});
    if (r.ok) setDocument(r.data);
    else message(r.data.error);
  });
}

async function save(force) {
  await commitFocused();
  const r = await queued(() => studioRequest('POST', '/api/studio/save', { revision: studio.doc.revision, force }));
  if (r.ok) {
    setDocument(r.data.document);
    message(force ? 'saved ' + fileName() + ' with its errors: it will not load, and the game keeps the chart it had'
      : 'saved ' + fileName(), !force);
    return;
  }
  if (r.status === 409 && r.data.errors) {
    const errors = (r.data.problems || []).filter(p => p.severity === 'error');
    const ok = await ask({
      text: fileName() + ' has ' + plural(errors.length, 'error') + '. Save anyway? The file will not load:'
        + ' the game keeps running the chart it has until a save that loads.',
      list: errors.map(p => p.where + ': ' + p.message),
      ok: 'Save anyway',
    });
    if (ok) await save(true);
    return;
  }
  if (r.status === 409 && r.data.diskChanged) {
    await loadDocument();
    message('not saved: ' + r.data.error);
    return;
  }
  if (r.status === 409) await loadDocument();
  message('not saved: ' + r.data.error);
}

// ------------------------------------------------------------------ the document

function setDocument(d) {
  const before = studio.doc;
  studio.doc = d;
  if (d.svg && d.svg !== studio.svg) {
    studio.svg = d.svg;
    studio.svgKey = 'document ' + d.revision;
  }
  if (studio.selected !== null && !stateNamed(studio.selected)) studio.selected = null;
  if (studio.transition) {
    const s = stateNamed(studio.transition.source);
    if (!s || studio.transition.index >= s.transitions.length) studio.transition = null;
  }
  renderBar();
  renderProblems();
  renderDisk();
  const names = (d.outline ? d.outline.events : []).join('\n');
  if ($('studio-events').dataset.names !== names) {
    $('studio-events').dataset.names = names;
    $('studio-events').replaceChildren(...(d.outline ? d.outline.events : []).map(e => option(e)));
  }
  if (!before || before.revision !== d.revision || !$('studio-panel').dataset.drawn) renderPanel();
  redraw();
}

function outline() {
  return studio.doc && studio.doc.outline ? studio.doc.outline : { chart: null, states: [], variables: [], events: [] };
}

function stateNamed(name) {
  return outline().states.find(s => s.name === name) || null;
}

function isHistory(s) {
  return s.kind === 'shallowHistory' || s.kind === 'deepHistory';
}

/** A name for a new state or variable: {@code base}, else base2, base3, … */
function freshName(base, taken) {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(base + i)) return base + i;
}

function stateNames() {
  return new Set(outline().states.map(s => s.name));
}

/** The state and everything inside it, by name. */
function withDescendants(name) {
  const out = new Set([name]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of outline().states) {
      if (!out.has(s.name) && out.has(s.parent)) { out.add(s.name); grew = true; }
    }
  }
  return out;
}

function parseJson(text, fallback) {
  try { return JSON.parse(text); } catch (e) { return fallback; }
}

/** The states a transition enters (target and plan). */
function targetsOf(t) {
  return [].concat(t.target === undefined ? [] : t.target, t.plan || []);
}

/** A transition in a line: {@code event [guard] / action → target}. */
function describeTransition(t) {
  let trigger = t.event !== undefined ? t.event
    : t.after !== undefined ? 'after ' + t.after
      : t.when !== undefined ? 'when ' + componentsText(t.when)
        : t.always ? 'always' : t.done ? (t.done === true ? 'done' : 'done ' + t.done)
          : t.childFinished ? 'child finished' : t.any ? 'any event' : '(no trigger)';
  if (t.guard !== undefined) trigger += ' [' + componentsText(t.guard) + ']';
  if (t.action !== undefined) trigger += ' / ' + componentsText(t.action);
  const to = targetsOf(t);
  return trigger + ' → ' + (to.length ? to.join(', ') : '(internal)');
}

function componentsText(v) {
  if (Array.isArray(v)) return v.map(componentsText).join(', ');
  if (typeof v === 'string') return v;
  if (v && v.use === 'Compare' && v.var) return v.var + ' ' + (v.op || '==') + ' ' + JSON.stringify(v.value !== undefined ? v.value : v.other);
  if (v && v.use) {
    const props = Object.entries(v).filter(([k]) => k !== 'use').map(([k, x]) => k + '=' + JSON.stringify(x));
    return v.use + (props.length ? '{' + props.join(', ') + '}' : '');
  }
  if (v && v.allOf) return v.allOf.map(componentsText).join(' and ');
  if (v && v.anyOf) return v.anyOf.map(componentsText).join(' or ');
  if (v && v.not) return 'not ' + componentsText(v.not);
  return JSON.stringify(v);
}

/** The transitions that a delete of {@code name} takes with it: those entering it or a state inside it, from other states. */
function transitionsInto(name) {
  const gone = withDescendants(name);
  const out = [];
  for (const s of outline().states) {
    if (gone.has(s.name)) continue;
    for (const t of s.transitions) {
      const j = parseJson(t.json, {});
      const to = targetsOf(j);
      if (to.some(x => gone.has(x))) out.push((s.name || 'global') + ': ' + describeTransition(j));
    }
    const then = s.keys && s.keys.then ? parseJson(s.keys.then, null) : null;
    if (then && gone.has(then)) out.push(s.name + ': then → ' + then);
  }
  return out;
}

// ------------------------------------------------------------------ the bar, problems, disk

/** The file's name, without the path it was given with. */
function fileName() {
  return studio.doc.file.replace(/^.*[\\/]/, '');
}

function plural(n, word) {
  return n + ' ' + word + (n === 1 ? '' : 's');
}

function renderBar() {
  const d = studio.doc;
  $('studio-file').textContent = fileName(); // the path as given on hover
  $('studio-file').title = d.file;
  $('studio-dirty').hidden = !d.dirty;
  $('studio-undo').disabled = !d.canUndo;
  $('studio-redo').disabled = !d.canRedo;
  $('studio-saved').textContent = d.saved
    ? 'saved at ' + new Date(d.saved.at).toLocaleTimeString() + (d.saved.forced ? ' with errors' : '') : '';
  const errors = d.problems.filter(p => p.severity === 'error').length;
  const warnings = d.problems.length - errors;
  const count = $('studio-count');
  count.textContent = errors || warnings
    ? [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ')
    : 'loads: no problems';
  count.className = 'pill ' + (errors ? 'bad' : warnings ? 'warn' : 'ok');
  $('studio-add-state').textContent = studio.selected && !isHistory(stateNamed(studio.selected))
    ? 'Add state inside ' + studio.selected : 'Add state';
}

function renderProblems() {
  const list = $('studio-problems');
  const problems = studio.doc.problems;
  list.hidden = problems.length === 0;
  list.replaceChildren(...problems.map(p => {
    const li = document.createElement('li');
    li.className = p.severity;
    li.dataset.state = p.state || '';
    const where = document.createElement('code');
    where.textContent = p.where;
    const sev = document.createElement('span');
    sev.className = 'severity';
    sev.textContent = p.severity;
    li.append(where, ' ', sev, ' ', (p.state ? '(state ' + p.state + ') ' : '') + p.message);
    li.title = p.state ? 'select state ' + p.state : 'at line ' + p.line;
    li.onclick = () => { if (p.state && stateNamed(p.state)) select(p.state); };
    return li;
  }));
}

function renderDisk() {
  const d = studio.doc;
  $('studio-disk').hidden = !d.diskChanged;
  if (d.diskChanged) {
    $('studio-disk-text').textContent = fileName() + ' was changed on disk by someone else since the studio read it.'
      + ' Save will not overwrite it. Reload it from disk to go on from that version (Undo brings yours back).';
  }
}

// ------------------------------------------------------------------ the drawing

function redraw() {
  if (!studio.on || state.travel !== null) return; // time travel shows the chart of the step, as the inspector does
  if (state.machine && state.charts.has(state.machine.chart)) {
    renderTravel(); // draws the document (app.js asks studio.drawing()) and fills the active states by name
    decorate();
    return;
  }
  if (studio.svg) {
    if (state.drawnChart !== studio.svgKey) drawSvg(studio.svg, studio.svgKey, outline().chart);
    else decorate();
  } else if (state.drawnChart !== 'empty') {
    state.drawnChart = 'empty';
    state.drawnName = null;
    state.whole = null;
    const p = document.createElement('p');
    p.className = 'muted empty-chart';
    p.textContent = studio.doc && studio.doc.outline && studio.doc.outline.states.length
      ? 'The chart does not load yet: see its problems above.'
      : 'The chart has no states yet: add one with “Add state”.';
    $('chart').replaceChildren(p);
  }
}

/** Marks on the drawing: the selection, the document's problems, the last migration report, a drawing older than the text. */
function decorate() {
  if (!studio.on || !studio.doc) return;
  const box = $('chart');
  const ours = state.drawnChart === studio.svgKey;
  for (const g of box.querySelectorAll('g.state')) {
    g.classList.remove('selected', 'doc-error', 'doc-warning', 'kept', 'entered', 'picking');
    for (const t of g.querySelectorAll('title.doc-problem')) t.remove();
  }
  box.classList.toggle('stale', ours && !studio.doc.svg);
  box.classList.toggle('picking', !!studio.picking);
  if (!ours) return;
  const sel = stateGroup(studio.selected);
  if (sel) sel.classList.add('selected');
  for (const p of studio.doc.problems) {
    const g = stateGroup(p.state);
    if (!g) continue;
    g.classList.add(p.severity === 'error' ? 'doc-error' : 'doc-warning');
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    t.setAttribute('class', 'doc-problem');
    t.textContent = p.where + ': ' + p.message;
    g.appendChild(t);
  }
  if (studio.report) {
    const last = path => path.slice(path.lastIndexOf('/') + 1);
    for (const p of studio.report.kept || []) { const g = stateGroup(last(p)); if (g) g.classList.add('kept'); }
    for (const p of studio.report.entered || []) { const g = stateGroup(last(p)); if (g) g.classList.add('entered'); }
  }
}

// A click on the drawing (not a drag, which pans) selects the state under the pointer, or the
// chart itself on empty space; while a transition is drawn, it picks the target. The drawing
// takes the pointer while panning, so the state is found by position.
let press = null;
$('chart').addEventListener('pointerdown', ev => { press = { x: ev.clientX, y: ev.clientY }; }, true);
$('chart').addEventListener('pointerup', ev => {
  if (!studio.on || !press || ev.button !== 0) return;
  const moved = Math.hypot(ev.clientX - press.x, ev.clientY - press.y);
  press = null;
  if (moved > 4 || state.drawnChart !== studio.svgKey) return;
  const under = document.elementsFromPoint(ev.clientX, ev.clientY);
  if (!studio.picking) { // an arrow (its line or its label) over what lies beneath: its source, its transition open
    const hit = under.map(e => e.closest && (e.closest('#chart g.transition[data-transition]') || e.closest('#chart g.state'))).find(Boolean);
    const t = hit && hit.matches('g.transition') ? arrowTransition(hit) : null;
    if (t) {
      openTransition(t.source, t.index);
      return;
    }
  }
  const g = under.map(e => e.closest && e.closest('#chart g.state')).find(Boolean);
  const name = g ? g.dataset.state : null;
  if (studio.picking) {
    if (name) pickTarget(name);
    return;
  }
  select(name);
}, true);

/**
 * The transition an arrow on the drawing stands for: {source, index} (its place in the source's
 * list), or {source} alone when that cannot be told (a "then", or a drawing older than the text).
 * The drawing numbers a state's transitions in the order the file declares them, then its "then";
 * those without a target have no arrow.
 */
function arrowTransition(g) {
  const source = g.dataset.source;
  const s = source ? stateNamed(source) : null;
  if (!s || isHistory(s)) return null;
  if (!studio.doc.svg) return { source };
  const ids = [...new Set([...$('chart').querySelectorAll('g.transition[data-transition]')]
    .filter(x => x.dataset.source === source).map(x => Number(x.dataset.transition)))].sort((a, b) => a - b);
  const drawn = s.transitions.filter(t => {
    const j = parseJson(t.json, {});
    return targetsOf(j).length > 0 && j.kind !== 'internal';
  });
  const then = s.keys && s.keys.then !== undefined ? 1 : 0;
  const rank = ids.indexOf(Number(g.dataset.transition));
  if (ids.length !== drawn.length + then || rank < 0 || rank >= drawn.length) return { source };
  return { source, index: drawn[rank].index };
}

/** Selects {@code source} and opens its transition {@code index} in the panel (none: the state alone). */
function openTransition(source, index) {
  select(source);
  if (index === undefined) return;
  studio.transition = { source, index };
  renderPanel();
  const li = $('studio-panel').querySelector('ol.transitions li.open');
  if (li) li.scrollIntoView({ block: 'nearest' });
}

// ------------------------------------------------------------------ selection and the panel

function select(name) {
  studio.selected = name;
  studio.transition = null;
  renderBar();
  renderPanel();
  decorate();
}

function option(value, text, selected) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text === undefined ? value : text;
  if (selected) o.selected = true;
  return o;
}

/** A small DOM builder: el('div', {class: 'x', onclick: f}, child, 'text', …). */
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e[k] = v;
    else if (k === 'value') e.value = v;
    else if (k === 'checked') e.checked = true;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

function button(text, onclick, attrs) {
  return el('button', Object.assign({ type: 'button', onclick }, attrs || {}), text);
}

/** The panel: the selected state's properties, or the chart's name and variables. Keeps the focused field and the scroll. */
function renderPanel() {
  const panel = $('studio-panel');
  const focused = document.activeElement && panel.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  const scroll = panel.scrollTop;
  const s = studio.selected !== null ? stateNamed(studio.selected) : null;
  panel.replaceChildren(...(s ? statePanel(s) : chartPanel()));
  panel.dataset.drawn = 'yes';
  const wasHidden = panel.hidden;
  panel.hidden = false;
  if (wasHidden && state.view) setView(state.view); // the drawing's panel changed width
  panel.scrollTop = scroll;
  if (focused) {
    const again = panel.querySelector('[data-key="' + CSS.escape(focused) + '"]');
    if (again) again.focus();
  }
}

function chartPanel() {
  const o = outline();
  const out = [el('div', { class: 'panel-head' }, el('b', {}, 'Chart'), ' ', el('span', { class: 'muted' }, 'nothing selected: click a state to edit it'))];
  out.push(el('label', { class: 'field' }, 'name ',
    el('input', { 'data-key': 'chart-name', value: o.chart || '', onchange: e => edit({ op: 'setChartKey', key: 'chart', value: e.target.value.trim() }) })));
  out.push(el('div', { class: 'buttons' }, button('Add state', () => addState(''), { 'data-key': 'add-top' })));
  out.push(el('h4', {}, 'Variables'), variablesTable());
  return out;
}

function variablesTable() {
  const o = outline();
  const rows = o.variables.map(v => variableRow(v.name, parseJson(v.json, 'bool')));
  const name = el('input', { 'data-key': 'var-new-name', placeholder: 'new variable', size: 10 });
  const type = el('select', { 'data-key': 'var-new-type' }, ...['int', 'bool', 'enum', 'trigger'].map(t => option(t)));
  const add = () => {
    const n = name.value.trim();
    if (!n) { message('name the variable first'); return; }
    const t = type.value;
    const decl = t === 'int' ? { type: 'int', min: 0, max: 100, initial: 0 }
      : t === 'enum' ? { type: 'enum', values: ['a', 'b'] } : t;
    edit({ op: 'setVariable', name: n, declaration: decl });
  };
  name.onkeydown = e => { if (e.key === 'Enter') add(); };
  return el('div', { class: 'variables-decl' }, rows.length ? rows : el('p', { class: 'muted' }, 'none yet'),
    el('div', { class: 'new-variable' }, name, type, button('Add variable', add, { 'data-key': 'var-add' })));
}

/** One declaration's row: each field changed writes the declaration again (a bool or trigger with nothing more in its short form). */
function variableRow(name, decl) {
  const d = typeof decl === 'string' ? { type: decl } : Object.assign({}, decl);
  const key = f => 'var-' + name + '-' + f;
  const write = changes => {
    const n = Object.assign({}, d, changes);
    for (const k of Object.keys(n)) if (n[k] === undefined || n[k] === '') delete n[k];
    if (n.type !== 'int') { delete n.min; delete n.max; }
    if (n.type !== 'enum') delete n.values;
    if (n.type === 'int' && (n.min === undefined || n.max === undefined)) { n.min = n.min === undefined ? 0 : n.min; n.max = n.max === undefined ? 100 : n.max; }
    if (n.type === 'enum' && !n.values) n.values = ['a', 'b'];
    if (n.type === 'trigger' || (n.type === 'bool' && !n.initial)) { edit({ op: 'setVariable', name, declaration: n.type }); return; }
    if (changes.type && changes.type !== d.type) delete n.initial;
    edit({ op: 'setVariable', name, declaration: n });
  };
  const num = (f, v) => el('input', { type: 'number', step: 1, 'data-key': key(f), value: v === undefined ? '' : String(v), class: 'num',
    onchange: e => write({ [f]: e.target.value === '' ? undefined : Number(e.target.value) }) });
  const type = el('select', { 'data-key': key('type'), onchange: e => write({ type: e.target.value }) },
    ...['bool', 'int', 'enum', 'trigger'].map(t => option(t, t, t === d.type)));
  let initial = '';
  if (d.type === 'int') initial = num('initial', d.initial);
  else if (d.type === 'bool') initial = el('input', { type: 'checkbox', 'data-key': key('initial'), checked: !!d.initial, onchange: e => write({ initial: e.target.checked }) });
  else if (d.type === 'enum') initial = el('select', { 'data-key': key('initial'), onchange: e => write({ initial: e.target.value || undefined }) },
    option('', '(first)'), ...(d.values || []).map(v => option(v, v, v === d.initial)));
  const field = (label, input) => el('label', {}, label + ' ', input);
  const details = [];
  if (d.type === 'int') details.push(field('from', num('min', d.min)), field('to', num('max', d.max)), field('initial', initial));
  if (d.type === 'enum') details.push(field('values', el('input', { 'data-key': key('values'), value: (d.values || []).join(', '), class: 'values',
    onchange: e => write({ values: e.target.value.split(',').map(x => x.trim()).filter(Boolean) }) })), field('initial', initial));
  if (d.type === 'bool') details.push(field('initially true', initial));
  return el('div', { class: 'variable', 'data-variable': name },
    el('div', { class: 'variable-head' }, el('b', {}, name), type,
      button('×', () => edit({ op: 'setVariable', name, declaration: null }), { title: 'remove ' + name, 'data-key': key('remove') })),
    details.length ? el('div', { class: 'variable-details' }, details) : null);
}

function statePanel(s) {
  const history = isHistory(s);
  const keys = s.keys || {};
  const out = [el('div', { class: 'panel-head' }, el('b', {}, history ? 'History state' : 'State'), ' ',
    el('span', { class: 'muted' }, s.parent ? 'inside ' + s.parent : 'top level'), el('span', { class: 'spacer' }),
    button('×', () => select(null), { title: 'back to the chart' }))];
  out.push(el('label', { class: 'field' }, 'name ', el('input', { 'data-key': 'name', value: s.name, onchange: e => rename(s.name, e.target.value.trim()) })));
  if (history) {
    out.push(el('div', { class: 'field' }, 'kind ', el('b', {}, s.kind === 'deepHistory' ? 'deep history' : 'shallow history')));
    out.push(stateSelect('default', keys.default ? parseJson(keys.default, null) : null, v => edit({ op: 'setStateKey', state: s.name, key: 'default', value: v }), '(the parent\'s initial)'));
  } else {
    // Made parallel or final, the state's own "initial" goes in the same edit (only a compound state has one).
    out.push(el('label', { class: 'field' }, 'kind ', el('select', { 'data-key': 'kind', onchange: e => edit({ op: 'setKind', state: s.name, kind: e.target.value }) },
      ...['state', 'parallel', 'final'].map(k => option(k, k, k === s.kind)))));
  }
  if (!history) { // a history state is entered through transitions that name it, never first
    out.push(el('div', { class: 'field' }, s.initial
      ? el('span', { class: 'initial-mark' }, '● initial state of ' + (s.parent || 'the chart'))
      : button('Make initial', () => edit({ op: 'setInitial', state: s.name }), { 'data-key': 'make-initial' })));
  }
  const buttons = el('div', { class: 'buttons' });
  if (!history && s.kind !== 'final') {
    buttons.append(button('Add state inside', () => addState(s.name), { 'data-key': 'add-inside' }),
      button('Add history (shallow)', () => addHistory(s.name, false), { 'data-key': 'add-shallow' }),
      button('Add history (deep)', () => addHistory(s.name, true), { 'data-key': 'add-deep' }));
  }
  if (!history) buttons.append(button('Add transition', () => startPicking(s.name), { 'data-key': 'add-transition' }));
  buttons.append(button('Delete', () => deleteState(s.name), { 'data-key': 'delete', class: 'danger' }));
  out.push(buttons);
  out.push(place(s));
  if (history) return out;
  for (const [key, label, kind] of [['onEntry', 'On entry', 'action'], ['onExit', 'On exit', 'action'],
    ['onUpdate', 'On update', 'action'], ['use', 'Behaviours (use)', 'behaviour']]) {
    const value = keys[key] !== undefined ? parseJson(keys[key], null) : null;
    out.push(el('h4', {}, label), componentList(kind, value, v => edit({ op: 'setStateKey', state: s.name, key, value: v }), key));
  }
  const defer = keys.defer !== undefined ? parseJson(keys.defer, '') : '';
  out.push(el('label', { class: 'field' }, 'defer ', el('input', {
    'data-key': 'defer', list: 'studio-events', placeholder: 'events kept while here', value: Array.isArray(defer) ? defer.join(' ') : defer,
    onchange: e => {
      const names = e.target.value.trim().split(/\s+/).filter(Boolean);
      edit({ op: 'setStateKey', state: s.name, key: 'defer', value: names.length === 0 ? null : Array.isArray(defer) ? names : names.join(' ') });
    },
  })));
  out.push(stateSelect('then', keys.then ? parseJson(keys.then, null) : null, v => edit({ op: 'setStateKey', state: s.name, key: 'then', value: v }), '(none)'));
  out.push(el('h4', {}, 'Transitions'));
  const list = el('ol', { class: 'transitions' });
  s.transitions.forEach(t => {
    const j = parseJson(t.json, {});
    const open = studio.transition && studio.transition.source === s.name && studio.transition.index === t.index;
    const li = el('li', { class: open ? 'open' : '', 'data-index': t.index },
      el('a', { href: '#', 'data-key': 'transition-' + t.index, onclick: e => { e.preventDefault(); studio.transition = open ? null : { source: s.name, index: t.index }; renderPanel(); } },
        describeTransition(j)));
    if (open) li.append(transitionEditor(s, t, j));
    list.append(li);
  });
  out.push(list);
  if (s.transitions.length === 0) out.push(el('p', { class: 'muted' }, 'none: “Add transition”, then click its target'));
  return out;
}

/** A select of the chart's states (with a first choice for none), writing on change. */
function stateSelect(label, current, write, none) {
  const sel = el('select', { 'data-key': label, onchange: e => write(e.target.value === '' ? null : e.target.value) },
    option('', none, !current), ...outline().states.map(x => option(x.name, x.name, x.name === current)));
  return el('label', { class: 'field' }, label + ' ', sel);
}

/** The state's place in the file: FILE:LINE:COL and the lines around it. */
function place(s) {
  const lines = studio.doc.text.split('\n');
  const from = Math.max(1, s.line - 1), to = Math.min(lines.length, s.line + 3);
  const text = [];
  for (let i = from; i <= to; i++) text.push((i === s.line ? '›' : ' ') + String(i).padStart(4) + '  ' + lines[i - 1]);
  return el('div', { class: 'place' }, el('code', { class: 'where' }, fileName() + ':' + s.line + ':' + s.column),
    el('pre', {}, text.join('\n')));
}

// ------------------------------------------------------------------ state edits

async function addState(parent) {
  const v = await ask({
    text: parent ? 'A new state inside ' + parent : 'A new state at the top level',
    fields: [{ name: 'name', label: 'name', value: freshName('state', stateNames()) }], ok: 'Add',
  });
  if (!v || !v.name.trim()) return;
  const name = v.name.trim();
  if (await edit({ op: 'addState', parent: parent || '', name })) select(name);
}

async function addHistory(parent, deep) {
  const v = await ask({
    text: 'A ' + (deep ? 'deep' : 'shallow') + ' history state in ' + parent + ': a transition into it goes back to what '
      + parent + ' was doing' + (deep ? ', down to the innermost state' : '') + '.',
    fields: [{ name: 'name', label: 'name', value: freshName(parent + '_history', stateNames()) }], ok: 'Add',
  });
  if (!v || !v.name.trim()) return;
  if (await edit({ op: 'addHistory', parent, name: v.name.trim(), deep })) select(v.name.trim());
}

async function rename(from, to) {
  if (!to || to === from) return;
  if (await edit({ op: 'renameState', state: from, newName: to })) select(to);
}

async function deleteState(name) {
  const inside = [...withDescendants(name)].filter(n => n !== name);
  const going = transitionsInto(name);
  const ok = await ask({
    text: 'Delete ' + name + (inside.length ? ' and the states inside it (' + inside.join(', ') + ')' : '') + '? '
      + (going.length ? 'These transitions go too:' : 'No transition of another state enters it.'),
    list: going, ok: 'Delete',
  });
  if (ok && await edit({ op: 'deleteState', state: name })) select(null);
}

// ------------------------------------------------------------------ drawing a transition

function startPicking(source) {
  studio.picking = source;
  $('studio-pick-text').textContent = 'A new transition from ' + source + ': click its target on the drawing';
  $('studio-pick-target').replaceChildren(option('', '(choose)'), ...outline().states.map(s => option(s.name)));
  $('studio-pick').hidden = false;
  $('studio-pick-event').value = '';
  $('studio-pick-event').focus();
  decorate();
}

function stopPicking() {
  studio.picking = null;
  $('studio-pick').hidden = true;
  decorate();
}

async function pickTarget(target) {
  const source = studio.picking;
  const event = $('studio-pick-event').value.trim();
  stopPicking();
  const t = event ? { event, target } : { target };
  const index = stateNamed(source).transitions.length;
  if (await edit({ op: 'addTransition', source, transition: t })) {
    studio.selected = source;
    studio.transition = { source, index };
    renderBar();
    renderPanel();
    decorate();
  }
}

$('studio-pick-target').onchange = e => { if (e.target.value && studio.picking) pickTarget(e.target.value); };
$('studio-pick-cancel').onclick = stopPicking;

// ------------------------------------------------------------------ a transition's editor

const TRIGGERS = ['event', 'after', 'when', 'always', 'done', 'childFinished', 'any'];

function transitionEditor(s, t, j) {
  const write = changes => {
    const n = Object.assign({}, j, changes);
    for (const k of Object.keys(n)) if (n[k] === undefined || n[k] === null) delete n[k];
    edit({ op: 'setTransition', source: s.name, index: t.index, transition: n });
  };
  const trigger = TRIGGERS.find(k => j[k] !== undefined && j[k] !== false) || 'event';
  const box = el('div', { class: 'transition-editor' });
  const clearTriggers = () => Object.fromEntries(TRIGGERS.map(k => [k, undefined]));
  box.append(el('label', { class: 'field' }, 'trigger ', el('select', {
    'data-key': 't-trigger', onchange: e => {
      const k = e.target.value;
      const value = k === 'event' ? 'event' : k === 'after' ? 10 : k === 'when' ? undefined : true;
      const changes = Object.assign(clearTriggers(), { [k]: value });
      if (k === 'when') changes.when = [];
      if (k === 'when') changes.guard = undefined;
      write(changes);
    },
  }, ...TRIGGERS.map(k => option(k, k === 'childFinished' ? 'child finished' : k === 'any' ? 'any event' : k, k === trigger)))));
  if (trigger === 'event') {
    box.append(el('label', { class: 'field' }, 'event ', el('input', {
      'data-key': 't-event', list: 'studio-events', value: j.event, placeholder: 'names, separated by spaces',
      onchange: e => write({ event: e.target.value.trim() }),
    })));
  } else if (trigger === 'after') {
    box.append(el('label', { class: 'field' }, 'after ', el('input', {
      type: 'number', min: 1, step: 1, 'data-key': 't-after', value: String(j.after), class: 'num',
      onchange: e => write({ after: Number(e.target.value) }),
    }), ' ticks'));
  } else if (trigger === 'done' && j.done !== true) {
    box.append(stateSelect('done of', j.done, v => write({ done: v === null ? true : v }), '(this state)'));
  }
  if (trigger === 'when') {
    box.append(el('h5', {}, 'when (all hold)'), componentList('condition', j.when, v => write({ when: v === null ? [] : v }), 't-when'));
  } else {
    box.append(el('h5', {}, 'guard'), componentList('condition', guardItems(j.guard), v => write({ guard: guardValue(v) }), 't-guard'));
  }
  box.append(el('h5', {}, 'actions'), componentList('action', j.action, v => write({ action: v }), 't-action'));
  const targets = targetsOf(j);
  if (j.plan) {
    box.append(el('div', { class: 'field' }, 'plan ', el('code', {}, j.plan.join(' → '))));
  } else {
    box.append(stateSelect('target', typeof j.target === 'string' ? j.target : targets[0] || null, v => write({ target: v === null ? undefined : v }), '(none: internal)'));
  }
  box.append(el('label', { class: 'field' }, 'kind ', el('select', { 'data-key': 't-kind', onchange: e => write({ kind: e.target.value === 'external' ? undefined : e.target.value }) },
    ...['external', 'local', 'internal'].map(k => option(k, k, (j.kind || 'external') === k)))));
  box.append(el('div', { class: 'buttons' },
    button('Remove transition', () => edit({ op: 'removeTransition', source: s.name, index: t.index }).then(ok => { if (ok) { studio.transition = null; renderPanel(); } }), { class: 'danger', 'data-key': 't-remove' }),
    button('Done', () => { studio.transition = null; renderPanel(); }, { 'data-key': 't-done' })));
  return box;
}

/** A guard as a list of conditions, all of which must hold ({@code allOf} when more than one). */
function guardItems(g) {
  if (g === undefined || g === null) return null;
  return g.allOf && Object.keys(g).length === 1 ? g.allOf : g;
}

function guardValue(items) {
  if (items === null) return undefined;
  return Array.isArray(items) ? { allOf: items } : items;
}

// ------------------------------------------------------------------ components and their properties

const KINDS = { action: 'action', condition: 'condition', behaviour: 'behaviour', handler: 'handler' };

function componentsOf(kind) {
  return studio.components.filter(c => c.kind === kind || (kind === 'behaviour' && c.kind === 'behavior'));
}

/**
 * A list of components of one kind ({@code value}: a name, {@code {"use": …}}, or a list of
 * them; null: none), each with its properties as typed inputs. {@code write} gets the new value:
 * null for none, the one component, or the list. A part the list cannot show (a combination such
 * as {@code anyOf}) is edited as JSON text.
 */
function componentList(kind, value, write, key) {
  const items = value === null || value === undefined ? [] : Array.isArray(value) ? value.slice() : [value];
  const out = el('div', { class: 'components', 'data-kind': kind });
  const writeItems = next => write(next.length === 0 ? null : next.length === 1 ? next[0] : next);
  items.forEach((item, i) => {
    const replace = v => { const next = items.slice(); next[i] = v; writeItems(next); };
    const remove = () => { const next = items.slice(); next.splice(i, 1); writeItems(next); };
    out.append(componentItem(kind, item, replace, remove, key + '-' + i));
  });
  const add = el('select', { 'data-key': key + '-add', class: 'add', onchange: e => {
    const info = componentsOf(kind).find(c => c.name === e.target.value);
    if (info) writeItems(items.concat([newComponent(info)]));
  } }, option('', '+ add ' + kind), ...componentsOf(kind).map(c => option(c.name, c.name + (c.library && c.library !== 'arbor' ? ' (' + c.library + ')' : ''))));
  out.append(add);
  return out;
}

/** A new component with its required properties at their defaults (or the first choice, or empty). */
function newComponent(info) {
  const props = info.properties.filter(p => p.required);
  if (props.length === 0) return info.name;
  const c = { use: info.name };
  for (const p of props) c[p.name] = startValue(p);
  return c;
}

function startValue(p) {
  if (p.default) return parseJson(p.default, '');
  if (p.values && p.values.length) return p.values[0];
  if (p.name === 'state' || /StateRef$/.test(p.javaType)) return (outline().states[0] || { name: '' }).name;
  if (p.name === 'var') return (outline().variables[0] || { name: '' }).name;
  if (p.name === 'op') return '==';
  if (p.jsonType === 'integer' || p.jsonType === 'number') return 0;
  if (p.jsonType === 'boolean') return false;
  return '';
}

function componentItem(kind, item, replace, remove, key) {
  const c = typeof item === 'string' ? { use: item } : item && typeof item === 'object' && typeof item.use === 'string' ? item : null;
  const row = el('div', { class: 'component' });
  if (!c) { // a combination (allOf, anyOf, not): as JSON
    row.append(el('textarea', { 'data-key': key + '-json', rows: 2, onchange: e => {
      try { replace(JSON.parse(e.target.value)); } catch (err) { message('not JSON: ' + err.message); }
    } }, JSON.stringify(item)), button('×', remove, { title: 'remove' }));
    return row;
  }
  const info = componentsOf(kind).find(x => x.name === c.use);
  const write = (prop, v) => {
    const n = Object.assign({}, c);
    if (v === undefined) delete n[prop]; else n[prop] = v;
    replace(Object.keys(n).length === 1 ? n.use : n);
  };
  const names = componentsOf(kind).map(x => x.name);
  if (!names.includes(c.use)) names.unshift(c.use);
  row.append(el('div', { class: 'component-head' },
    el('select', { 'data-key': key + '-use', title: info ? info.doc : 'not a registered ' + kind, onchange: e => {
      const next = componentsOf(kind).find(x => x.name === e.target.value);
      if (next) replace(newComponent(next));
    } }, ...names.map(n => option(n, n, n === c.use))),
    button('×', remove, { title: 'remove ' + c.use, 'data-key': key + '-remove' })));
  const props = info ? info.properties.slice() : [];
  for (const k of Object.keys(c)) if (k !== 'use' && !props.some(p => p.name === k)) props.push({ name: k, jsonType: 'any', javaType: '?', values: [], required: false, default: '' });
  for (const p of props) row.append(propertyInput(p, c, v => write(p.name, v), key + '-' + p.name));
  return row;
}

/** A typed input for one property: a number, a checkbox, a choice of states, variables or an enum's names, or text. */
function propertyInput(p, c, write, key) {
  const value = c[p.name];
  const label = el('label', { class: 'prop' + (p.required ? ' required' : ''), title: p.javaType + (p.required ? ', required' : ', optional') }, p.name + ' ');
  const variable = typeof c.var === 'string' ? outline().variables.find(v => v.name === c.var) : null;
  const decl = variable ? (d => typeof d === 'string' ? { type: d } : d)(parseJson(variable.json, {})) : null;
  const choice = (choices, current, convert) => el('select', { 'data-key': key, onchange: e => write(e.target.value === '' ? undefined : convert(e.target.value)) },
    ...(p.required ? [] : [option('', '(default)')]), ...(current !== undefined && !choices.map(String).includes(String(current)) ? [option(String(current))] : []),
    ...choices.map(x => option(String(x), String(x), String(x) === String(current))));
  let input;
  if (p.values && p.values.length) {
    input = choice(p.values, value, x => x);
  } else if (p.name === 'state' || /StateRef$/.test(p.javaType)) {
    input = choice(outline().states.map(s => s.name), value, x => x);
  } else if (p.name === 'var' || (p.name === 'other' && c.use === 'Compare')) {
    input = choice(outline().variables.map(v => v.name), value, x => x);
  } else if (p.name === 'op') {
    input = choice(['==', '!=', '<', '<=', '>', '>='], value, x => x);
  } else if (p.jsonType === 'boolean') {
    input = el('input', { type: 'checkbox', 'data-key': key, checked: value === true, onchange: e => write(e.target.checked) });
  } else if (p.jsonType === 'integer' || p.jsonType === 'number') {
    input = el('input', { type: 'number', step: p.jsonType === 'integer' ? 1 : 'any', class: 'num', 'data-key': key, value: value === undefined ? '' : String(value),
      onchange: e => write(e.target.value === '' ? undefined : Number(e.target.value)) });
  } else if (p.jsonType === 'any' && decl && (p.name === 'value' || p.name === 'amount')) {
    // a value of the variable the component names: typed as the variable is
    if (decl.type === 'enum') input = choice(decl.values || [], value, x => x);
    else if (decl.type === 'bool' || decl.type === 'trigger') input = choice([true, false], value, x => x === 'true');
    else input = el('input', { type: 'number', step: 1, class: 'num', 'data-key': key, value: value === undefined ? '' : String(value),
      min: p.name === 'value' ? decl.min : undefined, max: p.name === 'value' ? decl.max : undefined,
      onchange: e => write(e.target.value === '' ? undefined : Number(e.target.value)) });
  } else {
    const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    input = el('input', { 'data-key': key, value: text, list: p.name === 'event' ? 'studio-events' : undefined,
      onchange: e => write(e.target.value === '' && !p.required ? undefined : p.jsonType === 'any' ? looseValue(e.target.value) : e.target.value) });
  }
  label.append(input);
  return label;
}

/** Text typed for a property of any type: a number, true, false or JSON when it reads as one, else the text. */
function looseValue(text) {
  const t = text.trim();
  if (/^(-?\d+(\.\d+)?|true|false|null)$/.test(t) || /^[[{"]/.test(t)) return parseJson(t, text);
  return text;
}

// ------------------------------------------------------------------ the dialog

let dialogDone = null;

/**
 * Asks in the page: a question, a list, named fields; resolves to the fields' values (true when
 * there are none), or null when cancelled.
 */
function ask({ text, list, fields, ok }) {
  $('studio-dialog-text').textContent = text;
  $('studio-dialog-list').replaceChildren(...(list || []).map(x => el('li', {}, x)));
  $('studio-dialog-list').hidden = !list || list.length === 0;
  const inputs = (fields || []).map(f => el('input', { name: f.name, value: f.value || '', 'data-field': f.name }));
  $('studio-dialog-fields').replaceChildren(...(fields || []).map((f, i) => el('label', {}, f.label + ' ', inputs[i])));
  $('studio-dialog-ok').textContent = ok || 'OK';
  $('studio-dialog').hidden = false;
  if (inputs.length) { inputs[0].focus(); inputs[0].select(); } else $('studio-dialog-ok').focus();
  return new Promise(resolve => {
    dialogDone = answer => {
      $('studio-dialog').hidden = true;
      dialogDone = null;
      resolve(answer ? (inputs.length ? Object.fromEntries(inputs.map(x => [x.name, x.value])) : true) : null);
    };
  });
}

$('studio-dialog-ok').onclick = () => dialogDone && dialogDone(true);
$('studio-dialog-cancel').onclick = () => dialogDone && dialogDone(false);
$('studio-dialog').addEventListener('keydown', e => {
  if (e.key === 'Enter' && e.target.tagName === 'INPUT') { e.preventDefault(); dialogDone && dialogDone(true); }
});

// ------------------------------------------------------------------ keys

/** Lets a field being typed in write its change (it does on blur) before a save or an undo. */
async function commitFocused() {
  const a = document.activeElement;
  if (a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') && $('studio-panel').contains(a)) {
    a.blur();
    await studio.queue;
  }
}

document.addEventListener('keydown', e => {
  if (!studio.on) return;
  if (e.key === 'Escape') {
    if (dialogDone) dialogDone(false);
    else if (studio.picking) stopPicking();
    return;
  }
  const mod = e.ctrlKey || e.metaKey;
  if (!mod) return;
  const key = e.key.toLowerCase();
  const typing = e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA');
  if (key === 's') {
    e.preventDefault();
    save(false);
  } else if (key === 'z' && !typing) {
    e.preventDefault();
    undoRedo(e.shiftKey ? 'redo' : 'undo');
  } else if (key === 'y' && !typing) {
    e.preventDefault();
    undoRedo('redo');
  }
});

$('studio-save').onclick = () => save(false);
$('studio-undo').onclick = () => undoRedo('undo');
$('studio-redo').onclick = () => undoRedo('redo');
$('studio-reload').onclick = () => queued(async () => {
  const r = await studioRequest('POST', '/api/studio/reload', {});
  if (r.ok) { setDocument(r.data); message('reloaded ' + fileName() + ' from disk (Undo brings your version back)', true); }
  else message(r.data.error);
});
$('studio-add-state').onclick = () => {
  const s = studio.selected !== null ? stateNamed(studio.selected) : null;
  addState(s && !isHistory(s) ? s.name : '');
};
$('studio-chart').onclick = () => select(null);

// ------------------------------------------------------------------ frames: the migration report, editable variables

function studioFrame(f) {
  $('variables-box').classList.toggle('editable', variablesEditable(f));
  if (!studio.on) return;
  const m = 'selected' in f ? f.selected : state.machine;
  const report = m && m.report && m.report.seq !== studio.reportSeq ? m.report : null;
  if (report) {
    studio.reportSeq = report.seq;
    studio.report = report;
    const gone = (report.gone || []).map(g => g.state + (g.fallback ? ' (fell back to ' + g.fallback + ')' : ''));
    let summary = $('studio-report');
    if (!summary) {
      summary = el('div', { id: 'studio-report' });
      $('report').appendChild(summary);
    }
    // The report's words stay one click away: the drawing shows the kept and entered states.
    $('report').classList.add('short');
    summary.replaceChildren(el('b', {}, 'Saved and moved: '),
      el('span', { class: 'kept' }, 'kept: ' + ((report.kept || []).join(', ') || 'none')), ' · ',
      el('span', { class: 'entered' }, 'entered: ' + ((report.entered || []).join(', ') || 'none')), ' · ',
      el('span', { class: 'gone' }, 'gone: ' + (gone.join(', ') || 'none')), ' ',
      button('the whole report', () => $('report').classList.toggle('short'), { class: 'link' }));
    setTimeout(decorate, 0); // after the frame's drawing
  }
}

$('report-close').addEventListener('click', () => { studio.report = null; decorate(); });

function variablesEditable(f) {
  return !!(f && f.paused && state.controls && state.travel === null && state.selected >= 0);
}

// A value in the Variables box, clicked while the game is paused, becomes a field: Enter sets it
// on the game thread at the next gate (POST /api/variable).
$('variables').addEventListener('click', e => {
  const td = e.target.closest && e.target.closest('td.value');
  if (!td || !variablesEditable(state.frame) || td.querySelector('input, select')) return;
  const name = td.parentNode.dataset.name;
  const m = state.machine;
  const chart = m && state.charts.get(m.chart);
  const d = chart && chart.variables ? chart.variables.find(v => v.name === name) : null;
  const current = td.textContent;
  let input;
  if (d && d.type === 'enum') input = el('select', {}, ...d.values.map(v => option(v, v, v === current)));
  else if (d && (d.type === 'bool' || d.type === 'trigger')) input = el('select', {}, ...['true', 'false'].map(v => option(v, v, v === current)));
  else input = el('input', { type: d && d.type === 'int' ? 'number' : 'text', value: current, class: 'num', min: d ? d.min : undefined, max: d ? d.max : undefined });
  input.dataset.variable = name;
  const setIt = async () => {
    const r = await studioRequest('POST', '/api/variable', { machine: state.selected, name, value: input.value });
    if (!r.ok) message(r.data.error);
    else message(name + ' = ' + input.value, true);
    td.textContent = r.ok ? input.value : current;
  };
  input.onkeydown = ev => {
    if (ev.key === 'Enter') setIt();
    if (ev.key === 'Escape') td.textContent = current;
  };
  if (input.tagName === 'SELECT') input.onchange = setIt;
  td.replaceChildren(input);
  input.focus();
});

// ------------------------------------------------------------------ start

async function startStudio() {
  let status;
  try {
    const res = await fetch(withToken('/api/status'));
    status = await res.json();
  } catch (e) {
    return;
  }
  if (!status.studio) return;
  studio.on = true;
  document.body.classList.add('studio');
  $('studio-bar').hidden = false;
  const c = await studioRequest('GET', '/api/studio/components');
  studio.components = c.ok ? c.data : [];
  if (!c.ok) message('the components cannot be listed: ' + c.data.error);
  await loadDocument();
  // The file may change on disk, or another page edit it: look again every second.
  setInterval(() => queued(async () => {
    const r = await studioRequest('GET', '/api/studio/document');
    if (!r.ok) return;
    const d = studio.doc;
    const n = r.data;
    if (!d || n.revision !== d.revision || n.diskChanged !== d.diskChanged || n.dirty !== d.dirty
      || JSON.stringify(n.saved) !== JSON.stringify(d.saved)) setDocument(n);
  }), 1000);
}

startStudio();
return studio;
})();
