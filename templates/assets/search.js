/* search.js: the search page (/<lang>/search/). Progressive: without it the
 * page lists every page of the site. The index (index.json, t<k>.json,
 * d<k>.json and tiers.json beside the page, written by gen/search/search.c
 * and gen/pages/search_pages.c) is fetched only when
 * a search starts. Queries are split as gen/search.c splits page text:
 * words (ASCII lowercased; matched whole or as a prefix) and, in Chinese,
 * Japanese or Korean text, pairs of neighbouring characters (bigrams, all
 * of which must match). A query is only ever shown through textContent. */
(function () {
  'use strict';
  var box = document.getElementById('search');
  var form = document.querySelector('form.search-form');
  var input = document.getElementById('search-q');
  var status = document.getElementById('search-status');
  var list = document.getElementById('search-results');
  if (!box || !form || !input || !status || !list) return;
  var nojs = document.getElementById('search-nojs');
  if (nojs) nojs.hidden = true;

  var PAGE = 10;            /* results shown at a time */
  var WORD_MAX = 40;        /* longer words are not indexed */
  var FIELD = [[8, 8], [4, 4], [2, 2], [1, 1]]; /* title, heading, description, body */
  var index = null, terms = {}, docs = {}, shown = 0, current = null, seq = 0;

  function msg(name, query, count) {
    var t = box.getAttribute('data-' + name) || '';
    return t.split('{query}').join(query).split('{count}').join(String(count));
  }
  function say(text) { status.textContent = text; }
  /* what goes between two sentences: a space in English, none after a
   * Chinese "。" (punct.gap) */
  var gap = box.hasAttribute('data-gap') ? box.getAttribute('data-gap') : ' ';
  /* what marks a snippet cut from a longer text: "… " and " …" in English,
   * "……" in Chinese (punct.ellipsis_before, punct.ellipsis_after) */
  var cutBefore = box.hasAttribute('data-ellipsis-before') ? box.getAttribute('data-ellipsis-before') : '… ';
  var cutAfter = box.hasAttribute('data-ellipsis-after') ? box.getAttribute('data-ellipsis-after') : ' …';

  /* ---- characters, as gen/search.c classifies them ---- */
  function isCjk(cp) {
    return (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
      (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7AF) ||
      (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x2FFFF);
  }
  function classify(cp) {
    if (cp < 0x80) {
      var l = cp | 0x20;
      return (l >= 97 && l <= 122) || (cp >= 48 && cp <= 57) ? 'w' : 's';
    }
    if (isCjk(cp)) return 'c';
    if (cp >= 0xC0 && cp < 0x2000 && cp !== 0xD7 && cp !== 0xF7) return 'w';
    return 's';
  }
  function lowerAscii(s) {
    return s.replace(/[A-Z]/g, function (c) { return c.toLowerCase(); });
  }
  /* The query's parts: words, CJK runs of two or more characters (as
   * bigrams) and lone CJK characters (too short to search). */
  function parse(q) {
    var words = [], runs = [], lone = [], word = '', run = [];
    function endWord() { if (word) { if (word.length <= WORD_MAX) words.push(word); word = ''; } }
    function endRun() {
      if (run.length === 1) lone.push(run[0]);
      else if (run.length > 1) runs.push(run.slice());
      run = [];
    }
    for (var ch of q) {
      var c = classify(ch.codePointAt(0));
      if (c !== 'w') endWord();
      if (c !== 'c') endRun();
      if (c === 'w') word += lowerAscii(ch);
      else if (c === 'c') run.push(ch);
    }
    endWord(); endRun();
    return { words: words, runs: runs, lone: lone };
  }

  /* ---- the index ---- */
  function fetchJson(name) {
    return fetch(name).then(function (r) {
      if (!r.ok) throw new Error(name + ': ' + r.status);
      return r.json();
    });
  }
  /* tiers.json (gen/pages/search_pages.c): doc numbers from data_from on
   * are data pages, ranked after every guide page; kind_from, where each
   * kind's numbers start (a GPU's page before its comparisons at one score) */
  function loadIndex() {
    if (!index) {
      index = Promise.all([fetchJson('index.json'), fetchJson('tiers.json')]).then(function (r) {
        r[0].data_from = r[1].data_from;
        r[0].kind_from = r[1].kind_from;
        return r[0];
      });
    }
    return index;
  }
  /* FNV-1a (32 bits) over the UTF-8 bytes, as search_shard_of. */
  function fnv(s) {
    var bytes = new TextEncoder().encode(s), h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 16777619) >>> 0;
    }
    return h >>> 0;
  }
  /* As search_term_shard: a token that starts with a digit in one of the
   * numbers' shards (the first number_shards), any other in the rest. */
  function shardOf(meta, token) {
    var h = fnv(Array.from(token).slice(0, 2).join('')), n = meta.number_shards;
    return /^[0-9]/.test(token) ? h % n : n + h % (meta.shards - n);
  }
  function termShard(k) {
    if (!terms[k]) terms[k] = fetchJson('t' + k + '.json');
    return terms[k];
  }
  function docShardOf(meta, id) {
    var s = meta.doc_shards, lo = 0, hi = s.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (s[mid] <= id) lo = mid; else hi = mid - 1;
    }
    return lo;
  }
  function doc(meta, id) {
    var k = docShardOf(meta, id);
    if (!docs[k]) docs[k] = fetchJson('d' + k + '.json');
    return docs[k].then(function (rows) { return rows[id - meta.doc_shards[k]]; });
  }
  function weight(fields) {
    for (var i = 0; i < FIELD.length; i++) if (fields & FIELD[i][0]) return FIELD[i][1];
    return 0;
  }
  /* Each posting of a term as fn(doc, fields): one number, twice the step
   * from the doc before (the first from 0), plus one when its fields
   * follow as one digit (else it is in the body alone); digits 0-31 end a
   * number, 32-63 come before its last (gen/search/search.h). */
  var DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
  function eachPosting(post, fn) {
    var doc = 0, n = 0;
    for (var i = 0; i < post.length; i++) {
      var d = DIGITS.indexOf(post.charAt(i));
      if (d < 0) return;
      if (d >= 32) { n = n * 32 + d - 32; continue; }
      n = n * 32 + d;
      doc += Math.floor(n / 2);
      var fields = 1;
      if (n % 2) fields = i + 1 < post.length ? DIGITS.indexOf(post.charAt(++i)) : 0;
      n = 0;
      if (fields > 0) fn(doc, fields);
    }
  }
  function own(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  /* A term's postings in its shard: under the term, or for a CJK pair
   * that shares its first character with others, under that character,
   * then its second (gen/search/search.h). */
  function postingsOf(table, token) {
    if (own(table, token)) return table[token];
    var cp = token.codePointAt(0);
    if (!isCjk(cp)) return null;
    var first = String.fromCodePoint(cp), pairs = own(table, first) ? table[first] : null;
    var second = token.slice(first.length);
    return pairs && own(pairs, second) ? pairs[second] : null;
  }
  /* doc id -> best score of one token (exact x2, prefix x1). */
  function scoresOf(table, token, prefix) {
    var out = {};
    function take(post, exact) {
      eachPosting(post, function (doc, fields) {
        var s = weight(fields) * (exact ? 2 : 1);
        if (!(doc in out) || out[doc] < s) out[doc] = s;
      });
    }
    var exact = postingsOf(table, token);
    if (exact) take(exact, true);
    if (prefix && Array.from(token).length >= 2) {
      for (var t in table) {
        if (t !== token && t.lastIndexOf(token, 0) === 0) take(table[t], false);
      }
    }
    return out;
  }
  function tokensOf(parts) {
    var out = [];
    parts.words.forEach(function (w) { out.push({ t: w, prefix: true }); });
    parts.runs.forEach(function (r) {
      for (var i = 0; i + 1 < r.length; i++) out.push({ t: r[i] + r[i + 1], prefix: false });
    });
    return out;
  }
  function rank(meta, tokens) {
    return Promise.all(tokens.map(function (tk) {
      return termShard(shardOf(meta, tk.t)).then(function (table) {
        return scoresOf(table, tk.t, tk.prefix);
      });
    })).then(function (per) {
      var total = null;
      per.forEach(function (sc) {
        if (total === null) { total = {}; for (var d in sc) total[d] = sc[d]; return; }
        for (var e in total) { if (e in sc) total[e] += sc[e]; else delete total[e]; }
      });
      var ids = Object.keys(total || {}).map(Number);
      var tier = function (id) { return id >= meta.data_from ? 1 : 0; };
      var kind = function (id) {
        var k = 0;
        while (k + 1 < meta.kind_from.length && meta.kind_from[k + 1] <= id) k++;
        return k;
      };
      /* at one score and kind, the page that holds more of the data first
       * (held: its figures' count, in bits), then the shorter title */
      ids.sort(function (a, b) {
        return (tier(a) - tier(b)) || (total[b] - total[a]) || (kind(a) - kind(b)) ||
          (meta.held[b] - meta.held[a]) ||
          (meta.title_tokens[a] - meta.title_tokens[b]) || (a - b);
      });
      return ids;
    });
  }

  /* ---- showing results ---- */
  function needles(parts) {
    var n = parts.words.slice();
    parts.runs.forEach(function (r) { n.push(r.join('')); });
    return n.filter(function (x) { return x.length > 0; });
  }
  /* Append `text` to `el`, each needle found marked (text nodes only). */
  function appendMarked(el, text, ns) {
    var low = lowerAscii(text), at = 0;
    while (at < text.length) {
      var best = -1, len = 0;
      ns.forEach(function (n) {
        var i = low.indexOf(n, at);
        if (i >= 0 && (best < 0 || i < best || (i === best && n.length > len))) { best = i; len = n.length; }
      });
      if (best < 0) break;
      if (best > at) el.appendChild(document.createTextNode(text.slice(at, best)));
      var m = document.createElement('mark');
      m.textContent = text.slice(best, best + len);
      el.appendChild(m);
      at = best + len;
    }
    if (at < text.length) el.appendChild(document.createTextNode(text.slice(at)));
  }
  function snippet(text, ns) {
    var low = lowerAscii(text), first = -1;
    ns.forEach(function (n) {
      var i = low.indexOf(n);
      if (i >= 0 && (first < 0 || i < first)) first = i;
    });
    var start = first < 0 ? 0 : Math.max(0, first - 60), end = Math.min(text.length, start + 200);
    /* cut between words, never inside one ("… n the headroom") nor inside
     * a number ("$7.2" of "$7.20", "1,3" of "1,334") */
    var digit = function (k) { return /[0-9]/.test(text.charAt(k)); };
    var wordChar = function (k) {
      var c = text.charAt(k);
      return /[A-Za-z0-9$]/.test(c) || (/[.,]/.test(c) && digit(k - 1) && digit(k + 1));
    };
    var inWord = function (i) { return wordChar(i - 1) && wordChar(i); };
    while (start > 0 && start < Math.max(first, 0) && inWord(start)) start++;
    while (start > 0 && start < text.length && text.charAt(start) === ' ') start++;
    var e = end;
    while (e < text.length && e > start && inWord(e)) e--;
    if (e > start && e < end) end = e;
    return (start > 0 ? cutBefore : '') + text.slice(start, end).replace(/ +$/, '') +
      (end < text.length ? cutAfter : '');
  }
  function kindLabel(kind) {
    var h = document.querySelector('[data-kind="' + kind.replace(/[^a-z]/g, '') + '"]');
    return h ? h.textContent : '';
  }
  function item(row, ns) {
    var li = document.createElement('li');
    var a = document.createElement('a');
    a.href = '../' + row[1];
    appendMarked(a, row[0], ns);
    var kind = document.createElement('span');
    kind.className = 'kind';
    kind.textContent = kindLabel(row[2]);
    var p = document.createElement('p');
    appendMarked(p, snippet(row[3], ns), ns);
    li.appendChild(a);
    li.appendChild(document.createTextNode(' '));
    li.appendChild(kind);
    li.appendChild(p);
    return li;
  }
  function showMore(meta, ids, ns, mine) {
    var next = ids.slice(shown, shown + PAGE);
    return Promise.all(next.map(function (id) { return doc(meta, id); })).then(function (rows) {
      if (mine !== seq) return;
      var old = list.querySelector('li.more');
      if (old) old.remove();
      rows.forEach(function (r) { if (r) list.appendChild(item(r, ns)); });
      shown += next.length;
      if (shown < ids.length) {
        var li = document.createElement('li');
        li.className = 'more';
        var b = document.createElement('button');
        b.type = 'button';
        b.textContent = msg('more', '', 0);
        b.addEventListener('click', function () {
          showMore(meta, ids, ns, mine).then(function () {
            var links = list.querySelectorAll('li > a');
            if (links[shown - next.length]) links[shown - next.length].focus();
          });
        });
        li.appendChild(b);
        list.appendChild(li);
      }
    });
  }
  function clear() {
    while (list.firstChild) list.removeChild(list.firstChild);
    list.hidden = true;
    shown = 0;
  }
  function run(q) {
    var mine = ++seq;
    q = q.trim();
    current = q;
    clear();
    if (!q) { say(msg('empty', '', 0)); return Promise.resolve(); }
    var parts = parse(q), tokens = tokensOf(parts);
    var note = parts.lone.length ? msg('short', parts.lone.join(''), 0) : '';
    if (!tokens.length) { say(note || msg('none', q, 0)); return Promise.resolve(); }
    say(msg('loading', q, 0));
    return loadIndex().then(function (meta) {
      return rank(meta, tokens).then(function (ids) {
        if (mine !== seq) return;
        var line = ids.length === 0 ? msg('none', q, 0)
          : ids.length === 1 ? msg('one', q, 1) : msg('count', q, ids.length);
        line = note ? note + gap + line : line;
        if (!ids.length) { say(line); return; }
        list.hidden = false;
        /* the count is announced once the first results are in the list,
         * so that "N pages match" never stands above an empty list */
        return showMore(meta, ids, needles(parts), mine).then(function () {
          if (mine === seq) say(line);
        });
      });
    }).catch(function () {
      if (mine === seq) say(msg('error', q, 0));
    });
  }
  /* the language switch leads to the same search in the other language */
  function keepQuery() {
    var a = document.querySelector('a.lang-switch');
    if (a) a.setAttribute('href', a.getAttribute('href').split('?')[0] + location.search);
  }
  function setUrl(q) {
    var url = q ? '?q=' + encodeURIComponent(q) : location.pathname;
    history.replaceState(null, '', url);
    keepQuery();
  }

  var timer = 0;
  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      if (input.value.trim() === current) return;
      setUrl(input.value.trim());
      run(input.value);
    }, 200);
  });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    clearTimeout(timer);
    setUrl(input.value.trim());
    run(input.value);
  });
  /* arrow keys move between the search box and the results */
  box.parentNode.addEventListener('keydown', function (e) {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    var links = [].slice.call(list.querySelectorAll('li > a'));
    if (!links.length) return;
    var i = links.indexOf(document.activeElement);
    if (document.activeElement === input && e.key === 'ArrowDown') i = 0;
    else if (i < 0) return;
    else i += e.key === 'ArrowDown' ? 1 : -1;
    e.preventDefault();
    if (i < 0) input.focus();
    else if (i < links.length) links[i].focus();
  });

  keepQuery();
  var q0 = new URLSearchParams(location.search).get('q') || '';
  input.value = q0;
  if (q0.trim()) run(q0);
  box.setAttribute('data-ready', '1');
})();
