/* filters.js: filters for the GPU list (/<lang>/gpus/): segment, minimum
 * VRAM, only GPUs with a price (when the list has a price column: without
 * a price on any card it has none, nor the box). Progressive: without it
 * the form stays hidden and every row is shown. Reads the cells
 * themselves: the segment cell's text, and the VRAM and price cells'
 * data-sort ("" = no figure). */
(function () {
  'use strict';
  var form = document.getElementById('gpu-filters');
  var table = document.getElementById('gpu-table');
  if (!form || !table || !table.tBodies[0]) return;
  var head = [].map.call(table.tHead.rows[0].cells, function (c) { return c; });
  /* columns of gpus.mustache, by their data-col */
  var col = function (name) {
    for (var i = 0; i < head.length; i++) if (head[i].getAttribute('data-col') === name) return i;
    return -1;
  };
  var SEGMENT = col('segment'), VRAM = col('vram'), RENT = col('rent');
  if (SEGMENT < 0 || VRAM < 0) return;
  var rows = [].slice.call(table.tBodies[0].rows);
  var seg = document.getElementById('filter-segment');
  var vram = document.getElementById('filter-vram');
  var priced = RENT < 0 ? null : document.getElementById('filter-priced');
  var count = document.getElementById('filter-count');
  var err = document.getElementById('filter-vram-error');
  var seen = {};
  rows.forEach(function (r) {
    var t = r.cells[SEGMENT].textContent.trim();
    if (t && !seen[t]) {
      seen[t] = true;
      var o = document.createElement('option');
      o.value = t;
      o.textContent = t;
      seg.appendChild(o);
    }
  });
  function num(cell) {
    var s = cell ? cell.getAttribute('data-sort') : '';
    return s === null || s === '' ? null : Number(s);
  }
  function apply() {
    var raw = vram.value.trim(), min = 0;
    if (raw !== '' && !/^\d+(\.\d+)?$/.test(raw)) {
      err.textContent = form.getAttribute('data-vram-bad').split('{value}').join(raw);
      err.hidden = false;
      vram.setAttribute('aria-invalid', 'true');
    } else {
      err.hidden = true;
      vram.removeAttribute('aria-invalid');
      min = raw === '' ? 0 : Number(raw);
    }
    var shown = 0;
    rows.forEach(function (r) {
      var v = num(r.cells[VRAM]);
      var ok = (!seg.value || r.cells[SEGMENT].textContent.trim() === seg.value) &&
        (min === 0 || (v !== null && v >= min)) &&
        (!priced || !priced.checked || num(r.cells[RENT]) !== null);
      r.hidden = !ok;
      if (ok) shown++;
    });
    count.textContent = form.getAttribute('data-count')
      .split('{shown}').join(String(shown)).split('{total}').join(String(rows.length));
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (e) { e.preventDefault(); apply(); });
  form.hidden = false;
  apply();
})();
