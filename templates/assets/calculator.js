/* calculator.js: the calculator page (/<lang>/calculator/). Progressive:
 * without it the page states the rules. It computes, for any input, from
 * data.json beside the page (written by gen/pages/calculator.c), the
 * figures gen/model/metrics.c gives it:
 *   memory = parameters x each part's bytes per parameter for the job and
 *            precision (data.jobs[].bytes: metrics_job_memory at 1B, which
 *            is linear in parameters); a vram.csv rule of thumb for that size
 *            and precision is shown beside it, never used for it;
 *   cards  = ceil(memory / card VRAM - 1e-9) (metric_gpus_needed), and
 *            tight when fewer cards hold it than hold memory x (1 +
 *            data.headroom) (metric_fit);
 *   month  = per-card price x cards x hours_per_month (metric_monthly_cost).
 * Query parameters (?params=13&precision=fp16&job=inference&gpu=rtx-4090)
 * preset the inputs; anything else gets a message beside its field. Text
 * from the URL is only ever shown through textContent. */
(function () {
  'use strict';
  var form = document.getElementById('calc');
  var out = document.getElementById('calc-out');
  if (!form || !out) return;
  var DEFAULTS = { params: '13', precision: 'fp16', job: 'inference', gpu: '' };
  var data = null;
  keepQuery(); /* at once, before the data loads */
  var $ = function (id) { return document.getElementById(id); };

  function say(el, key, vals) {
    var t = el.getAttribute('data-' + key) || '';
    Object.keys(vals || {}).forEach(function (k) { t = t.split('{' + k + '}').join(String(vals[k])); });
    return t;
  }
  function text(key, vals) { return say(out, key, vals); }
  /* what goes between two sentences: a space in English, none after a
   * Chinese "。" (punct.gap, in data-gap) */
  function sentenceGap(el) {
    var g = el.getAttribute('data-gap');
    return g === null ? ' ' : g;
  }

  /* numbers as gen/i18n.c writes them: >= 100 no decimals, >= 10 one,
   * else two, trailing zeros dropped, thousands grouped */
  function group(s) {
    var parts = s.split('.');
    parts[0] = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return parts.join('.');
  }
  function fmtNumber(v) {
    var a = Math.abs(v), d = a >= 100 ? 0 : a >= 10 ? 1 : 2;
    var s = v.toFixed(d);
    if (d) s = s.replace(/0+$/, '').replace(/\.$/, '');
    return group(s);
  }
  /* a size the reader typed, echoed as typed (its thousands grouped): a
   * rounded echo would not multiply out to the memory beside it */
  function typed(v) { return group(String(v)); }
  function fmtUsd(v) {
    var whole = v === Math.floor(v);
    return '$' + group(v.toFixed(v >= 1000 || whole ? 0 : 2));
  }
  function fmtGb(v) { return fmtNumber(v) + ' ' + out.getAttribute('data-unit-gb'); }
  function sameValue(a, b) { return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)); }

  /* ---- the formulas ---- */
  function precisionOf(precision) {
    return data.precisions.filter(function (x) { return x.id === precision; })[0] ||
      { id: precision, label: precision, bytes: -1 };
  }
  function bytesOf(precision) { return precisionOf(precision).bytes; }
  function jobOf(id) {
    return data.jobs.filter(function (j) { return j.id === id; })[0];
  }
  function memory(params, precision, job) {
    var b = jobOf(job).bytes[precision], rule = null;
    /* the rules of thumb are of weights at a precision */
    for (var i = 0; jobOf(job).at_precision && i < data.rules.length && !rule; i++) {
      var r = data.rules[i];
      if (sameValue(r.params, params) && r.precision === precision) rule = r;
    }
    var m = { weights: params * b.weights, gradients: params * b.gradients,
              optimizer: params * b.optimizer, rule: rule };
    m.gb = m.weights + m.gradients + m.optimizer;
    return m;
  }
  function ceilCards(need, vram) { return Math.ceil(need / vram - 1e-9); }
  function fitFor(need, vram) {
    if (vram === null || !(vram > 0)) return null;
    var cards = ceilCards(need, vram), roomy = ceilCards(need * (1 + data.headroom), vram);
    return { cards: cards, roomy: roomy, tight: roomy > cards };
  }

  /* ---- input ---- */
  function fieldError(name, message) {
    var el = $('calc-' + name + '-error'), input = $('calc-' + name);
    el.textContent = message || '';
    el.hidden = !message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  function hasOption(select, v) {
    return [].some.call(select.options, function (o) { return o.value === v; });
  }
  /* Read one input; returns the value to use or null (then the message is
   * shown beside the field). */
  function readParams(raw) {
    var s = String(raw).trim();
    if (!/^\d+(\.\d+)?$/.test(s)) {
      fieldError('params', say(form, 'err-params', { value: s }));
      return null;
    }
    var v = Number(s);
    if (!isFinite(v) || v < data.params_min || v > data.params_max) {
      fieldError('params', say(form, 'err-params-range', { value: s }));
      return null;
    }
    fieldError('params', '');
    return v;
  }
  /* bf16 is fp16's option (the same bytes per parameter) */
  function oneOption(precision) { return precision === 'bf16' ? 'fp16' : precision; }
  function optionLabel(name, value) {
    var o = $('calc-' + name).querySelector('option[value="' + value + '"]');
    return o ? o.textContent : value;
  }
  function readChoice(name, raw, errKey, fallback) {
    var select = $('calc-' + name);
    if (name === 'precision') raw = oneOption(raw);
    if (hasOption(select, raw)) {
      select.value = raw;
      fieldError(name, '');
      return raw;
    }
    select.value = fallback;
    fieldError(name, say(form, errKey, { value: raw }));
    return fallback;
  }

  /* ---- output ---- */
  function cell(tr, content, cls, header) {
    var td = document.createElement(header ? 'th' : 'td');
    if (header) td.scope = 'row';
    if (cls) td.className = cls;
    if (content instanceof Node) td.appendChild(content); else td.textContent = content;
    tr.appendChild(td);
    return td;
  }
  /* a no-data cell as the pages write it: the mark, its reason beside it */
  function noData(td, why) {
    var mark = document.createElement('span'), small = document.createElement('small');
    mark.className = 'nd';
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = out.getAttribute('data-nodata-mark');
    small.className = 'nd-why';
    small.textContent = why;
    td.title = why;
    td.appendChild(mark);
    td.appendChild(small);
  }
  function link(href, label) {
    var a = document.createElement('a');
    a.href = href;
    a.textContent = label;
    return a;
  }
  function clearBody(table) {
    var body = table.tBodies[0];
    while (body.firstChild) body.removeChild(body.firstChild);
    return body;
  }
  /* The no-data legend under a table's box shown only when a row draws the
   * mark (as gen writes it under its own tables; the style sheet's :has()
   * rule says the same where a browser has it). */
  function showLegend(table) {
    var wrap = table.parentNode, legend = wrap && wrap.nextElementSibling;
    if (legend && legend.classList.contains('nodata-legend'))
      legend.hidden = !table.querySelector('td.nodata');
  }
  function verdict(fit) {
    var pct = out.getAttribute('data-pct');
    if (fit === null) return text('cannot-tell');
    if (fit.cards === 1) return fit.tight ? text('tight-one', { pct: pct }) : text('fits-one');
    var n = fmtNumber(fit.cards);
    return fit.tight ? text('tight-n', { n: n, m: fmtNumber(fit.roomy), pct: pct })
      : text('needs-n', { n: n });
  }
  function showFit(need, gpu) {
    var body = clearBody($('calc-fit')), fits = [], tight = [], mine = null;
    data.gpus.forEach(function (g) {
      var fit = fitFor(need, g.vram), tr = document.createElement('tr');
      tr.setAttribute('data-gpu', g.id);
      if (fit !== null) {
        tr.setAttribute('data-cards', String(fit.cards));
        tr.setAttribute('data-fit', fit.tight ? 'tight' : 'fits');
      }
      if (g.id === gpu) tr.className = 'mine';
      cell(tr, link(g.href, g.name), '', true);
      if (g.vram === null) noData(cell(tr, '', 'num nodata'), text('no-vram'));
      else cell(tr, fmtGb(g.vram), 'num');
      cell(tr, verdict(fit));
      body.appendChild(tr);
      if (fit && fit.cards === 1) (fit.tight ? tight : fits).push(g.name);
      if (g.id === gpu) mine = { g: g, fit: fit };
    });
    var sep = out.getAttribute('data-list-sep'), gap = sentenceGap(out);
    var summary = fits.length ? text('fit-summary', { list: fits.join(sep) }) : text('fit-none');
    if (tight.length) summary += gap + text('tight-summary', { list: tight.join(sep) });
    if (mine) summary = text('your-gpu', { gpu: mine.g.name, verdict: verdict(mine.fit) }) + gap + summary;
    $('calc-summary').textContent = summary;
    showLegend($('calc-fit'));
  }
  function showTasks(params, precision, job) {
    var body = clearBody($('calc-tasks')), n = 0, other = 0, notes = [];
    data.tasks.forEach(function (t) {
      if (!sameValue(t.params, params) || t.job !== job) return;
      /* a job at another precision is another job (QLoRA's 4-bit is not
       * the FP16 LoRA); one whose source gives none may be either */
      if (t.precision && oneOption(t.precision) !== precision) { other++; return; }
      t.rows.forEach(function (r) {
        var tr = document.createElement('tr');
        cell(tr, link(t.href, t.name), '', true);
        cell(tr, link(data.gpus[r.gpu].href, data.gpus[r.gpu].name));
        cell(tr, r.time, 'num');
        if (r.nodata) noData(cell(tr, '', 'num nodata'), r.cost);
        else cell(tr, r.cost, 'num');
        cell(tr, r.quote, 'src');
        notes.push(cell(tr, r.note));
        body.appendChild(tr);
        n++;
      });
    });
    /* the note column only when a row has one, as the job's page draws it */
    var noted = notes.some(function (td) { return td.textContent !== ''; });
    $('calc-tasks-note').hidden = !noted;
    notes.forEach(function (td) { td.hidden = !noted; });
    showLegend($('calc-tasks'));
    $('calc-tasks-wrap').hidden = n === 0;
    /* serving with no job of its own in the data: the serving table below
     * answers, and "no job" above it would read as no answer */
    $('calc-tasks-block').hidden = n === 0 && job === 'inference';
    var none = $('calc-no-task');
    none.hidden = n > 0;
    none.textContent = n ? '' : text(other ? 'no-task-precision' : 'no-task', {
      job: optionLabel('job', job), params: typed(params), precision: precisionOf(precision).label });
    showNearJobs(n ? [] : data.tasks.filter(function (t) {
      return t.job === job && !sameValue(t.params, params);
    }));
  }
  /* where no job matches the size, the jobs of the kind the data times
   * for other sizes, linked: a way on, not a dead end */
  function showNearJobs(tasks) {
    var p = $('calc-near-jobs'), parts = text('near-jobs').split('{jobs}');
    p.textContent = '';
    p.hidden = tasks.length === 0;
    if (!tasks.length) return;
    p.appendChild(document.createTextNode(parts[0]));
    tasks.forEach(function (t, i) {
      if (i) p.appendChild(document.createTextNode(text('list-sep')));
      p.appendChild(link(t.href, t.name));
    });
    p.appendChild(document.createTextNode(parts.slice(1).join('')));
  }
  function showServing(need, job) {
    $('calc-serving-block').hidden = job !== 'inference';
    var body = clearBody($('calc-serving')), n = 0;
    /* a card left out is named, with why: nothing drops silently */
    var noVram = [], noPrice = [];
    data.gpus.forEach(function (g) {
      var fit = fitFor(need, g.vram);
      if (fit === null) { noVram.push(g.name); return; }
      if (!g.quotes.length) noPrice.push(g.name);
      var cards = fit.cards;
      g.quotes.forEach(function (q) {
        var tr = document.createElement('tr');
        cell(tr, link(g.href, g.name), '', true);
        cell(tr, q.label, 'src');
        /* "2 (tight)", as the inference page counts them */
        cell(tr, fit.tight ? text('cards-tight', { n: fmtNumber(cards) }) : fmtNumber(cards), 'num');
        cell(tr, fmtUsd(q.usd), 'num');
        cell(tr, fmtUsd(q.usd * cards * data.hours_per_month), 'num');
        body.appendChild(tr);
        n++;
      });
    });
    $('calc-serving-wrap').hidden = n === 0;
    $('calc-serving-none').hidden = n > 0;
    var left = [];
    if (noPrice.length) left.push(text('serving-no-price', { gpus: noPrice.join(text('list-sep')) }));
    if (noVram.length) left.push(text('serving-no-vram', { gpus: noVram.join(text('list-sep')) }));
    $('calc-serving-left').textContent = left.length
      ? text('serving-left', { list: left.join(text('semicolon')) }) : '';
    $('calc-serving-left').hidden = left.length === 0;
  }
  function show(params, precision, job, gpu) {
    var m = memory(params, precision, job);
    out.hidden = false;
    $('calc-need').textContent = m.gradients || m.optimizer
      ? text('need-parts', { gb: fmtGb(m.gb), weights: fmtGb(m.weights), gradients: fmtGb(m.gradients), optimizer: fmtGb(m.optimizer) })
      : text('need', { gb: fmtGb(m.gb) });
    $('calc-need').setAttribute('data-gb', String(m.gb));
    var vals = { params: typed(params), bytes: fmtNumber(bytesOf(precision)) };
    $('calc-rule').textContent = job === 'training' ? out.getAttribute('data-rule-train')
      : text(job === 'lora' ? 'rule-lora' : 'rule-bytes', vals);
    var thumb = $('calc-thumb');
    thumb.hidden = !m.rule;
    if (m.rule) thumb.setAttribute('data-rule', String(data.rules.indexOf(m.rule)));
    else thumb.removeAttribute('data-rule');
    thumb.textContent = !m.rule ? '' : text(sameValue(m.rule.gb, m.weights) ? 'thumb-agrees' : 'thumb-differs', {
      source: m.rule.source, gb: fmtGb(m.rule.gb), computed: fmtGb(m.weights),
      model: text('model', { n: fmtNumber(m.rule.params) }), precision: m.rule.label });
    $('calc-job-note').textContent = jobOf(job).not_counted;
    showFit(m.gb, gpu);
    showTasks(params, precision, job);
    showServing(m.gb, job);
  }
  function fail() {
    out.hidden = true;
  }

  function current(fromUrl) {
    var q = fromUrl ? new URLSearchParams(location.search) : null;
    var get = function (name) {
      if (q) return q.has(name) ? q.get(name) : DEFAULTS[name];
      return $('calc-' + name).value;
    };
    var rawParams = get('params');
    if (q) $('calc-params').value = rawParams;
    var params = readParams(rawParams);
    var precision = readChoice('precision', get('precision'), 'err-precision', DEFAULTS.precision);
    var job = readChoice('job', get('job'), 'err-job', DEFAULTS.job);
    var gpu = readChoice('gpu', get('gpu'), 'err-gpu', '');
    if (params === null) { fail(); return; }
    show(params, precision, job, gpu);
  }
  /* the language switch leads to the same inputs in the other language */
  function keepQuery() {
    var a = document.querySelector('a.lang-switch');
    if (a) a.setAttribute('href', a.getAttribute('href').split('?')[0] + location.search);
  }
  function setUrl() {
    var p = new URLSearchParams();
    ['params', 'precision', 'job', 'gpu'].forEach(function (n) {
      var v = $('calc-' + n).value.trim();
      if (v) p.set(n, v);
    });
    history.replaceState(null, '', '?' + p.toString());
    keepQuery();
  }

  fetch('data.json').then(function (r) {
    if (!r.ok) throw new Error('data.json: ' + r.status);
    return r.json();
  }).then(function (d) {
    data = d;
    form.hidden = false;
    var nojs = $('calc-nojs');
    if (nojs) nojs.hidden = true;
    current(true);
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      setUrl();
      current(false);
    });
    form.addEventListener('change', function () { setUrl(); current(false); });
    form.setAttribute('data-ready', '1');
  }).catch(function () { /* the rules stay, as without JavaScript */ });
})();
