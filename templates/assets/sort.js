/* sort.js: click a column heading of a table.sortable to sort its rows.
 * Progressive: without it the table is complete. A cell's data-sort holds
 * its raw number ("" = no data, always last); otherwise its text is used. */
(function () {
  'use strict';
  function key(cell) {
    if (!cell) return null;
    var s = cell.getAttribute('data-sort');
    if (s === null) s = (cell.textContent || '').trim();
    if (s === '') return null;
    var n = Number(s);
    return isNaN(n) ? s.toLowerCase() : n;
  }
  function order(a, b) {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a).localeCompare(String(b));
  }
  function sortBy(table, th, col) {
    var asc = th.getAttribute('aria-sort') !== 'ascending';
    var body = table.tBodies[0];
    if (!body) return;
    var rows = [].map.call(body.rows, function (r, i) {
      return { row: r, k: key(r.cells[col]), i: i };
    });
    rows.sort(function (x, y) {
      if (x.k === null || y.k === null) {
        return x.k === y.k ? x.i - y.i : (x.k === null ? 1 : -1);
      }
      var c = order(x.k, y.k);
      return (asc ? c : -c) || x.i - y.i;
    });
    [].forEach.call(th.parentNode.cells, function (h) {
      h.removeAttribute('aria-sort');
    });
    th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
    rows.forEach(function (x) { body.appendChild(x.row); });
  }
  function init(table) {
    var head = table.tHead;
    if (!head || !head.rows.length) return;
    var row = head.rows[head.rows.length - 1];
    [].forEach.call(row.cells, function (th, col) {
      // a heading that holds a link stays a link: no button around it
      if (th.querySelector('a, button, input')) return;
      var b = document.createElement('button');
      b.type = 'button';
      while (th.firstChild) b.appendChild(th.firstChild);
      th.appendChild(b);
      b.addEventListener('click', function () { sortBy(table, th, col); });
    });
  }
  [].forEach.call(document.querySelectorAll('table.sortable'), init);
}());
