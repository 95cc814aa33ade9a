// The search page's DOM: the filter boxes with their counts, the result list, and the state kept in the URL.
// Everything shown is set as text; only Pagefind's <mark> is kept.

const FILTER_LABELS = { kind: 'Kind', type: 'Content type', root: 'Root section', language: 'Language' };

export function readState() {
  const params = new URLSearchParams(location.search);
  const filters = {};
  for (const key of Object.keys(FILTER_LABELS)) {
    const values = params.getAll(key);
    if (values.length > 0) filters[key] = values;
  }
  return { q: params.get('q') || '', filters };
}

export function writeState(q, filters) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const [key, values] of Object.entries(filters)) for (const v of values) params.append(key, v);
  history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
}

export function renderFilters(box, filters, selected) {
  box.replaceChildren();
  for (const [key, label] of Object.entries(FILTER_LABELS)) {
    const values = filters[key];
    if (!values || Object.keys(values).length === 0) continue;
    const fieldset = document.createElement('fieldset');
    const legend = document.createElement('legend');
    legend.textContent = label;
    fieldset.append(legend);
    fieldset.dataset.filter = key;
    for (const [value, count] of Object.entries(values).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
      const lab = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.name = key;
      box.value = value;
      box.checked = (selected[key] || []).includes(value);
      const count_ = document.createElement('span');
      count_.className = 'meta';
      count_.dataset.count = '';
      count_.textContent = ` (${count})`;
      lab.append(box, ` ${value}`, count_);
      fieldset.append(lab);
    }
    box.append(fieldset);
  }
}

export function currentFilters(box) {
  const out = {};
  for (const input of box.querySelectorAll('input[type=checkbox]:checked')) (out[input.name] ||= []).push(input.value);
  return out;
}

export function updateCounts(box, counts, showAll) {
  for (const input of box.querySelectorAll('input[type=checkbox]')) {
    const n = counts?.[input.name]?.[input.value];
    const span = input.parentElement.querySelector('[data-count]');
    if (span) span.textContent = ` (${n ?? 0})`;
    // A value no result has is noise; a checked one stays so it can be unchecked.
    input.parentElement.hidden = !showAll && !n && !input.checked;
  }
  // A box whose every value is hidden would stand empty: it goes too (an exact match alone has no content type).
  for (const set of box.querySelectorAll('fieldset')) {
    set.hidden = !showAll && [...set.querySelectorAll('label')].every((label) => label.hidden);
  }
}

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decode = (text) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (m) => ENTITIES[m] || m);

function excerptNode(excerpt) {
  const p = document.createElement('p');
  (excerpt || '').split(/(<mark>|<\/mark>)/).reduce((inMark, part) => {
    if (part === '<mark>') return true;
    if (part === '</mark>') return false;
    if (part === '') return inMark;
    if (inMark) {
      const mark = document.createElement('mark');
      mark.textContent = decode(part);
      p.append(mark);
    } else p.append(decode(part));
    return inMark;
  }, false);
  return p;
}

export function resultItem(data) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = data.url;
  a.textContent = data.meta?.title || data.url;
  li.append(a);
  const crumbs = document.createElement('div');
  crumbs.className = 'crumbs';
  crumbs.textContent = [data.meta?.kind, data.meta?.breadcrumbs].filter(Boolean).join(' · ');
  li.append(crumbs, excerptNode(data.excerpt));
  return li;
}
