// Issue 18 in the browser: search, the GPU pair picker, the GPU list's
// filters and the calculator, at 390 px in both languages, with and without
// JavaScript, and with untrusted query strings.
//
//   checkFind(browser, base, check, site)   (called by browser.mjs)
//   node tests/browser/find.mjs             (alone: SITE=dir, after a build)
import fs from 'node:fs';
import path from 'node:path';
import { isMain, runAlone } from './alone.mjs';

const PHONE = { width: 390, height: 844 };

async function phone(browser, js = true) {
  return browser.newContext({ viewport: PHONE, javaScriptEnabled: js });
}

// Errors and dialogs of a page, collected while a test uses it.
function watch(page) {
  const w = { errors: [], dialogs: 0 };
  page.on('pageerror', (e) => w.errors.push(`uncaught: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.location().url)) w.errors.push(`${m.text()} ${m.location().url}`); });
  page.on('dialog', async (d) => { w.dialogs++; await d.dismiss(); });
  return w;
}

async function results(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById('search-status');
    return s && s.textContent && !/…|……/.test(s.textContent);
  }, null, { timeout: 5000 }).catch(() => {});
  return page.locator('#search-results > li > a').evaluateAll((as) =>
    as.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })));
}

async function searchFor(page, base, lang, q) {
  await page.goto(`${base}/${lang}/search/?q=${encodeURIComponent(q)}`, { waitUntil: 'load' });
  return results(page);
}

async function checkSearch(browser, base, check) {
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  const w = watch(page);

  let r = await searchFor(page, base, 'en', '4090');
  check('search en ?q=4090: the RTX 4090 page comes first',
    r.length > 0 && r[0].href === '../gpus/rtx-4090/', JSON.stringify(r.slice(0, 3)));
  const marks = await page.locator('#search-results mark').count();
  check('search en ?q=4090: the match is marked', marks > 0, `${marks} marks`);

  r = await searchFor(page, base, 'en', 'lor');
  check('search en: a word prefix ("lor") finds LoRA pages',
    r.some((x) => /LoRA/.test(x.text)), JSON.stringify(r.slice(0, 5)));

  r = await searchFor(page, base, 'zh', '显存');
  check('search zh ?q=显存: finds the VRAM page', r.some((x) => x.href === '../vram/'),
    JSON.stringify(r.slice(0, 5)));
  // "选购" sits inside the longer word "选购指南" and "如何选购"
  r = await searchFor(page, base, 'zh', '选购');
  check('search zh: a two-character substring inside a longer word (选购) finds the how-to-choose article',
    r.some((x) => x.href === '../articles/how-to-choose/'), JSON.stringify(r.slice(0, 5)));
  r = await searchFor(page, base, 'zh', '4090 显存');
  check('search zh: a mixed query ("4090 显存") finds the RTX 4090 page',
    r.some((x) => x.href === '../gpus/rtx-4090/'), JSON.stringify(r.slice(0, 5)));
  // A CJK pair is kept whole in its term shard, or under its first
  // character when others share it (gen/search/search.h): a pair of each
  // form, read from the shards, is found on as many pages as it has
  // postings.
  const pairs = await page.evaluate(async () => {
    const meta = await (await fetch('index.json')).json();
    const cjk = (k) => k.codePointAt(0) >= 0x3040;
    const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
    const docs = (post) => { // a posting's number ends at a digit under 32; odd: its fields follow
      let n = 0, count = 0;
      for (let i = 0; i < post.length; i++) {
        const d = DIGITS.indexOf(post[i]);
        n = n * 32 + (d % 32);
        if (d >= 32) continue;
        count++;
        if (n % 2) i++;
        n = 0;
      }
      return count;
    };
    let whole = null, grouped = null;
    for (let k = 0; k < meta.shards; k++) {
      const t = await (await fetch(`t${k}.json`)).json();
      for (const [key, v] of Object.entries(t)) {
        if (!cjk(key)) continue;
        if (typeof v === 'string') { if (!whole) whole = [key, docs(v)]; }
        else if (!grouped) {
          const [second, post] = Object.entries(v)[0];
          grouped = [key + second, docs(post)];
        }
      }
    }
    return { whole, grouped };
  });
  for (const form of ['whole', 'grouped']) {
    const [pair, n] = pairs[form] || ['', 0];
    await searchFor(page, base, 'zh', pair);
    const said = await page.locator('#search-status').textContent();
    check(`search zh: a pair kept ${form} in its shard (${pair}) is found on its ${n} pages`,
      n > 0 && said.includes(`有 ${n.toLocaleString('en')} 个页面`), said);
  }

  r = await searchFor(page, base, 'zh', '显');
  const short = await page.locator('#search-status').textContent();
  check('search zh: a one-character query says two characters are needed',
    r.length === 0 && /两个汉字/.test(short), short);

  const evil = '<img src=x onerror=alert(1)>';
  r = await searchFor(page, base, 'en', evil);
  await page.waitForTimeout(200);
  const st = await page.locator('#search-status').textContent();
  const imgs = await page.locator('main img').count();
  check('search en: an HTML query runs no script and is shown as typed',
    w.dialogs === 0 && imgs === 0 && st.includes(evil) &&
    (await page.locator('#search-q').inputValue()) === evil, `status "${st}", ${imgs} img, ${w.dialogs} dialogs`);

  // keyboard: type in the header box, Enter, arrow down to the first result
  await page.goto(`${base}/en/`, { waitUntil: 'load' });
  await page.locator('#site-search-q').focus();
  await page.keyboard.type('H100');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/en\/search\/\?q=H100/);
  r = await results(page);
  await page.locator('#search-q').focus();
  await page.keyboard.press('ArrowDown');
  const focused = await page.evaluate(() => document.activeElement.getAttribute('href'));
  check('search: the header box leads to results, reachable by keyboard',
    r.length > 0 && focused === r[0].href, `focused ${focused}, first ${r[0]?.href}`);
  await Promise.all([page.waitForURL(/\/en\/gpus\//), page.keyboard.press('Enter')]);
  check('search: Enter on a result opens it', !page.url().includes('/search/'), page.url());
  check('search pages: no script errors', w.errors.length === 0, w.errors.join('\n'));
  await ctx.close();

  const nojs = await phone(browser, false);
  const p2 = await nojs.newPage();
  for (const lang of ['en', 'zh']) {
    await p2.goto(`${base}/${lang}/search/?q=4090`, { waitUntil: 'load' });
    const links = await p2.locator('#search-all li a').count();
    const gpu = await p2.locator(`#search-all a[href$="/${lang}/gpus/rtx-4090/"]`).count();
    check(`search ${lang} without JS: every page listed by kind (${links} links)`,
      links > 100 && gpu === 1);
  }
  await nojs.close();
}

async function calc(page, base, lang, query) {
  await page.goto(`${base}/${lang}/calculator/?${query}`, { waitUntil: 'load' });
  await page.waitForSelector('#calc[data-ready]', { timeout: 5000 }).catch(() => {});
  return page.evaluate(() => ({
    need: document.getElementById('calc-need').textContent,
    gb: document.getElementById('calc-need').getAttribute('data-gb'),
    rule: document.getElementById('calc-rule').textContent,
    thumb: document.getElementById('calc-thumb').hidden ? '' : document.getElementById('calc-thumb').textContent,
    thumbRow: document.getElementById('calc-thumb').getAttribute('data-rule'),
    note: document.getElementById('calc-job-note').textContent,
    fit: Object.fromEntries([...document.querySelectorAll('#calc-fit tbody tr')].map((tr) =>
      [tr.getAttribute('data-gpu'), tr.getAttribute('data-fit')])),
    summary: document.getElementById('calc-summary').textContent,
    out: !document.getElementById('calc-out').hidden,
    cards: Object.fromEntries([...document.querySelectorAll('#calc-fit tbody tr')].map((tr) =>
      [tr.getAttribute('data-gpu'), tr.hasAttribute('data-cards') ? Number(tr.getAttribute('data-cards')) : null])),
    verdicts: Object.fromEntries([...document.querySelectorAll('#calc-fit tbody tr')].map((tr) =>
      [tr.getAttribute('data-gpu'), tr.cells[2].textContent])),
    serving: [...document.querySelectorAll('#calc-serving tr')].map((tr) =>
      [...tr.cells].map((c) => c.textContent)),
    left: document.getElementById('calc-serving-left').hidden ? ''
      : document.getElementById('calc-serving-left').textContent,
    body: document.body.innerText,
  }));
}

async function checkCalculator(browser, base, check, root) {
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  const w = watch(page);
  for (const lang of ['en', 'zh']) {
    let r = await calc(page, base, lang, 'params=13&precision=fp16&job=inference');
    check(`calculator ${lang}: 13B at fp16 needs 26 GB`, /\b26 GB/.test(r.need), r.need);
    // serving 70B at FP16 (140 GB): 2 A100 80GB cards, tight, as the
    // inference page counts them ("2 (tight)" / "2（偏紧）")
    r = await calc(page, base, lang, 'params=70&precision=fp16&job=inference');
    const a100 = r.serving.filter((row) => row[0] === 'A100 80GB');
    check(`calculator ${lang}: serving 70B marks a tight card count as the inference page does`,
      a100.length > 0 && a100.every((row) => row[2] === (lang === 'en' ? '2 (tight)' : '2（偏紧）')),
      JSON.stringify(r.serving));
    r = await calc(page, base, lang, 'params=13&precision=fp16&job=inference');
    // every card is in the serving table or named in the line under it
    // (no price seen, or no memory size to count its cards by)
    const names = await page.evaluate(() => fetch('data.json').then((x) => x.json())
      .then((d) => d.gpus.map((g) => g.name)));
    const dropped = names.filter((n) => !r.serving.some((row) => row[0] === n) && !r.left.includes(n));
    check(`calculator ${lang}: serving names every card it leaves out, and why`,
      names.length > 0 && dropped.length === 0, `${dropped.join(', ')} / ${r.left}`);
    // serving has no job of its own in the data: no "no job" line above the
    // serving table, which points at the measured results instead
    const blocks = await page.evaluate(() => ({
      tasks: document.getElementById('calc-tasks-block').hidden,
      serving: document.getElementById('calc-serving-block').hidden,
      link: !!document.querySelector('#calc-serving-block a[href$="inference/"]'),
    }));
    check(`calculator ${lang}: serving shows the serving table and a link to the measured results, no "no job" line`,
      blocks.tasks && !blocks.serving && blocks.link, JSON.stringify(blocks));
    r = await calc(page, base, lang, 'params=13&precision=fp16&job=lora');
    check(`calculator ${lang}: a job with no match in the data still says so`,
      await page.evaluate(() => !document.getElementById('calc-tasks-block').hidden &&
        !document.getElementById('calc-no-task').hidden), '');
    // and links the jobs of its kind the data times for other sizes
    const near = await page.evaluate(() => fetch('data.json').then((x) => x.json()).then((d) => ({
      want: d.tasks.filter((t) => t.job === 'lora' && t.params !== 13).map((t) => t.href),
      shown: document.getElementById('calc-near-jobs').hidden ? []
        : [...document.querySelectorAll('#calc-near-jobs a')].map((a) => a.getAttribute('href')),
    })));
    check(`calculator ${lang}: no job of the size: the jobs of its kind at other sizes, linked`,
      JSON.stringify(near.want) === JSON.stringify(near.shown), JSON.stringify(near));
    r = await calc(page, base, lang, 'params=13&precision=fp16&job=inference');
    const legend = await page.evaluate(() => {
      const t = document.getElementById('calc-fit'), l = t.parentNode.nextElementSibling;
      return { is: !!l && l.classList.contains('nodata-legend'), hidden: !!l && l.hidden,
        marks: t.querySelectorAll('td.nodata').length };
    });
    check(`calculator ${lang}: the fit table's no-data legend is shown when, and only when, a row draws the mark`,
      legend.is && legend.hidden === (legend.marks === 0), JSON.stringify(legend));
    check(`calculator ${lang}: says which GPUs fit (13B fp16: H100 80GB on one card, RTX 4090 on 2)`,
      r.cards['h100-80gb'] === 1 && r.cards['rtx-4090'] === 2 && r.summary.includes('H100 80GB') &&
      !r.summary.includes('RTX 4090'), JSON.stringify(r.cards) + ' ' + r.summary);
    r = await calc(page, base, lang, 'params=70&precision=int4');
    check(`calculator ${lang}: 70B at int4 needs 35 GB, and the source's rule of thumb is shown beside it`,
      /\b35 GB/.test(r.need) && r.thumb.includes('35 GB'), `${r.need} / ${r.thumb}`);
    r = await calc(page, base, lang, 'params=7&precision=fp32');
    check(`calculator ${lang}: 7B at fp32 needs 28 GB`, /\b28 GB/.test(r.need), r.need);
    r = await calc(page, base, lang, 'params=7&precision=int4&job=lora');
    check(`calculator ${lang}: a LoRA job counts the frozen weights (3.5 GB), shows the rule of thumb it does not use (7 GB), says what it leaves out, and the matching tasks`,
      /3\.5 GB/.test(r.need) && r.thumb.includes('7 GB') && r.thumb.includes('3.5 GB') &&
      (await page.locator('#calc-tasks tbody tr').count()) > 0 &&
      !(await page.locator('#calc-job-note').isHidden()) && r.note.length > 0, `${r.need} / ${r.thumb}`);
    // a job at another precision is not listed: QLoRA's 4-bit jobs are not FP16 LoRA
    // (a job whose source names no precision may be either)
    const tasks = (await (await page.request.get(`${base}/${lang}/calculator/data.json`)).json()).tasks;
    for (const precision of ['fp16', 'int4']) {
      await calc(page, base, lang, `params=7&precision=${precision}&job=lora`);
      const shown = await page.locator('#calc-tasks tbody tr th a, #calc-tasks tbody tr td:first-child a')
        .evaluateAll((as) => as.map((a) => a.textContent));
      const wrong = tasks.filter((t) => shown.includes(t.name) && t.precision && t.precision !== precision);
      const missed = tasks.filter((t) => t.params === 7 && t.job === 'lora' && !shown.includes(t.name) &&
        (!t.precision || t.precision === precision));
      check(`calculator ${lang}: 7B LoRA at ${precision} lists the jobs at ${precision} or of no stated precision, and only those`,
        shown.length > 0 && !wrong.length && !missed.length,
        `shown ${shown.join(' | ')}; wrong ${wrong.map((t) => t.name)}; missed ${missed.map((t) => t.name)}`);
    }
    // each job's row carries its time's note, as the job's page does; the column only
    // when a row has one
    {
      await calc(page, base, lang, 'params=7&precision=fp16&job=lora');
      const got = await page.evaluate(() => ({
        head: !document.getElementById('calc-tasks-note').hidden,
        notes: [...document.querySelectorAll('#calc-tasks tbody tr')].map((tr) => {
          const td = tr.lastElementChild;
          return td.hidden ? null : td.textContent;
        }),
      }));
      const want = tasks.filter((t) => t.params === 7 && t.job === 'lora' && (!t.precision || t.precision === 'fp16'))
        .flatMap((t) => t.rows.map((r) => r.note));
      const any = want.some((x) => x !== '');
      check(`calculator ${lang}: 7B LoRA's rows give their times' notes, in a column shown when one has a note`,
        got.head === any && JSON.stringify(got.notes) === JSON.stringify(any ? want : want.map(() => null)),
        JSON.stringify(got) + ' / ' + JSON.stringify(want));
    }
    // a bigger model never needs less (the rules of thumb disagree with each other)
    const gbs = [];
    for (const q of ['params=6.9&precision=int8', 'params=7&precision=int8', 'params=7&precision=int4', 'params=8&precision=int4']) {
      gbs.push(Number((await calc(page, base, lang, q)).gb));
    }
    check(`calculator ${lang}: memory grows with parameters (6.9B ≤ 7B at int8, 7B ≤ 8B at int4)`,
      gbs[0] <= gbs[1] && gbs[2] <= gbs[3], gbs.join(' '));
    r = await calc(page, base, lang, 'params=7&precision=fp16&job=training');
    check(`calculator ${lang}: 7B full training counts 16 bytes per parameter (112 GB) and names what it leaves out`,
      Number(r.gb) === 112 && /\b112 GB/.test(r.need) && r.note.length > 0 && r.thumb === '', `${r.need} / ${r.note}`);
    r = await calc(page, base, lang, 'params=70&precision=fp16');
    check(`calculator ${lang}: 70B at fp16 on a 144 GB card is tight, not fits`,
      r.fit['h200'] === 'tight' && r.cards['h200'] === 1 && !r.summary.split(/[.。]/)[0].includes('H200'),
      `${JSON.stringify(r.fit)} ${r.summary}`);
    r = await calc(page, base, lang, 'params=70&precision=fp16&gpu=h200');
    check(`calculator ${lang}: the summary's sentences are joined as the language joins them (no space after "。")`,
      lang === 'zh' ? !/。 /.test(r.summary) && /。./.test(r.summary) : /\. \S/.test(r.summary), r.summary);
    r = await calc(page, base, lang, 'params=abc');
    const err = await page.locator('#calc-params-error').textContent();
    check(`calculator ${lang}: params=abc gets a message beside its field, no NaN`,
      !(await page.locator('#calc-params-error').isHidden()) && err.includes('abc') &&
      !/NaN|Infinity/.test(r.body), err);
    for (const bad of ['params=1e9', 'params=99999', 'params=-3', 'precision=fp64', 'job=pretrain', 'params=Infinity']) {
      r = await calc(page, base, lang, bad);
      const field = bad.split('=')[0];
      const shown = !(await page.locator(`#calc-${field}-error`).isHidden());
      check(`calculator ${lang}: ${bad} gets a message beside its field, no NaN`,
        shown && !/NaN/.test(r.body) && !/Infinity(?! *”)/.test(r.body.replace(/“Infinity”|"Infinity"/g, '')), r.body.slice(0, 200));
    }
  }
  // every row of vram.csv and each GPU: what the C code computes
  const { spawnSync } = await import('node:child_process');
  const ex = spawnSync(path.join(root, 'build/calc-expect'), [path.join(root, 'data')], { encoding: 'utf8' });
  let expect = [];
  try { expect = JSON.parse(ex.stdout); } catch { /* reported below */ }
  check('calc-expect ran (make build/calc-expect)', ex.status === 0 && expect.length > 0, ex.stderr || ex.error);
  const bad = [];
  for (const e of expect) {
    const r = await calc(page, base, 'en', `params=${e.params}&precision=${e.precision}&job=${e.job}`);
    const at = `${e.params}B ${e.precision} ${e.job}`;
    if (Number(r.gb) !== e.gb) bad.push(`${at}: page ${r.gb} GB, C ${e.gb} GB`);
    if (String(e.rule >= 0 ? e.rule : null) !== String(r.thumbRow)) bad.push(`${at}: rule of thumb row ${r.thumbRow}, C row ${e.rule}`);
    for (const [gpu, cards] of Object.entries(e.cards)) {
      if (r.cards[gpu] !== cards) bad.push(`${at} on ${gpu}: page ${r.cards[gpu]} cards, C ${cards}`);
      const fit = e.tight[gpu] === null ? null : e.tight[gpu] ? 'tight' : 'fits';
      if (r.fit[gpu] !== fit) bad.push(`${at} on ${gpu}: page ${r.fit[gpu]}, C ${fit}`);
    }
  }
  check(`calculator: every vram.csv row and job (${expect.length}) and GPU as the C metrics compute`, bad.length === 0, bad.join('\n'));

  // keyboard: change the size, Tab through, Enter submits
  await calc(page, base, 'en', '');
  await page.locator('#calc-params').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('70');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // precision: fp16 -> int8
  await page.keyboard.press('Enter');
  await page.waitForTimeout(200);
  const need = await page.locator('#calc-need').textContent();
  check('calculator: keyboard-operable (70, int8, Enter)', /70 GB/.test(need) && /params=70/.test(page.url()), `${need} ${page.url()}`);
  check('calculator pages: no script errors', w.errors.length === 0, w.errors.join('\n'));
  await ctx.close();

  const nojs = await phone(browser, false);
  const p2 = await nojs.newPage();
  for (const lang of ['en', 'zh']) {
    await p2.goto(`${base}/${lang}/calculator/?params=13`, { waitUntil: 'load' });
    const rules = await p2.locator('#calc-rules tbody tr').count();
    const note = await p2.locator('#calc-nojs').isVisible();
    check(`calculator ${lang} without JS: the explanation and the rules table (${rules} rows)`, note && rules === expect.length / 3);
  }
  await nojs.close();
}

async function checkPicker(browser, base, check) {
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  const w = watch(page);
  for (const [lang, start] of [['en', 'compare/'], ['zh', 'gpus/rtx-4090/']]) {
    await page.goto(`${base}/${lang}/${start}`, { waitUntil: 'load' });
    await page.selectOption('#pick-a', 'rtx-4090');
    await page.selectOption('#pick-b', 'h100-80gb');
    await Promise.all([page.waitForURL(/compare\/h100-80gb-vs-rtx-4090\/$/, { timeout: 5000 }).catch(() => {}),
      page.locator('form.pair-picker button').click()]);
    check(`picker ${lang} (${start}): RTX 4090 and H100 80GB land on compare/h100-80gb-vs-rtx-4090/`,
      /\/compare\/h100-80gb-vs-rtx-4090\/$/.test(page.url()), page.url());
  }
  // keyboard only
  await page.goto(`${base}/en/gpus/h100-80gb/`, { waitUntil: 'load' });
  const a = await page.locator('#pick-a').inputValue();
  check('picker on a GPU page starts at that GPU', a === 'h100-80gb', a);
  await page.locator('#pick-b').focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Tab');
  await Promise.all([page.waitForURL(/compare\//, { timeout: 5000 }).catch(() => {}), page.keyboard.press('Enter')]);
  check('picker: keyboard-operable', /\/compare\/h100-80gb-vs-[a-z0-9-]+\/$/.test(page.url()), page.url());
  check('picker pages: no script errors', w.errors.length === 0, w.errors.join('\n'));
  await ctx.close();

  const nojs = await phone(browser, false);
  const p2 = await nojs.newPage();
  await p2.goto(`${base}/en/gpus/rtx-4090/`, { waitUntil: 'load' });
  await p2.selectOption('#pick-a', 'h100-80gb');
  await p2.selectOption('#pick-b', 'rtx-4090');
  await Promise.all([p2.waitForURL(/\/compare\/\?a=/), p2.locator('form.pair-picker button').click()]);
  const link = await p2.locator('a[href$="h100-80gb-vs-rtx-4090/"]').count();
  check('picker without JS: the form lands on the list of every pair, with the pair linked', link > 0, p2.url());
  await nojs.close();
}

async function checkFilters(browser, base, check) {
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  await page.goto(`${base}/en/gpus/`, { waitUntil: 'load' });
  const all = await page.locator('#gpu-table tbody tr').count();
  const visible = () => page.locator('#gpu-table tbody tr:not([hidden])').count();
  await page.fill('#filter-vram', '80');
  const big = await visible();
  await page.fill('#filter-vram', '');
  await page.check('#filter-priced');
  const priced = await visible();
  await page.uncheck('#filter-priced');
  await page.selectOption('#filter-segment', { index: 1 });
  const seg = await visible();
  check(`GPU filters: minimum VRAM 80 GB (${big}), has a price (${priced}), a segment (${seg}) of ${all}`,
    big > 0 && big < all && priced > 0 && priced < all && seg > 0 && seg < all);
  await page.fill('#filter-vram', 'abc');
  check('GPU filters: a bad VRAM gets a message', !(await page.locator('#filter-vram-error').isHidden()));
  await ctx.close();
  const nojs = await phone(browser, false);
  const p2 = await nojs.newPage();
  await p2.goto(`${base}/en/gpus/`, { waitUntil: 'load' });
  const rows = await p2.locator('#gpu-table tbody tr:visible').count();
  check(`GPU filters without JS: hidden, every row shown (${rows})`, rows === all &&
    !(await p2.locator('#gpu-filters').isVisible()));
  await nojs.close();
}

// axe on the pages in their computed state (results, output, errors shown)
async function checkAxe(browser, base, check, axeSource) {
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  for (const rel of ['en/search/?q=4090', 'zh/search/?q=4090%20%E6%98%BE%E5%AD%98', 'zh/search/?q=%E6%98%BE',
    'en/calculator/?params=13&precision=fp16&gpu=rtx-4090', 'zh/calculator/?params=7&job=lora',
    'en/calculator/?params=abc&precision=fp64']) {
    await page.goto(`${base}/${rel}`, { waitUntil: 'load' });
    await page.waitForTimeout(400);
    await page.addScriptTag({ content: axeSource });
    const bad = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    });
    check(`/${rel} [390px, computed]: axe: no serious/critical violations`, bad.length === 0, bad.join('\n'));
    const sw = await page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth);
    check(`/${rel} [390px, computed]: no horizontal page scroll`, sw);
  }
  await ctx.close();
}

export async function checkFind(browser, base, check, root, axeSource) {
  if (axeSource) await checkAxe(browser, base, check, axeSource);
  await checkSearch(browser, base, check);
  await checkCalculator(browser, base, check, root);
  await checkPicker(browser, base, check);
  await checkFilters(browser, base, check);
}

// Alone: node tests/browser/find.mjs
if (isMain(import.meta.url)) {
  await runAlone('find', (browser, base, check) =>
    checkFind(browser, base, check, process.cwd(),
    fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'node_modules/axe-core/axe.min.js'), 'utf8')));
}
