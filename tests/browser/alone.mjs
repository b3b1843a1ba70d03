// Running one check module alone (node tests/browser/find.mjs, buyer.mjs):
// the built site (SITE, default site/) served on 127.0.0.1, Debian's
// Chromium, a check counter; `run(browser, base, check)` does the checks.
// Prints "NAME: N passed, N failed" and exits non-zero on a failure.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json',
  '.css': 'text/css', '.svg': 'image/svg+xml',
};

// Whether the module at `url` (import.meta.url) is the script node runs.
export function isMain(url) {
  return Boolean(process.argv[1]) &&
    path.resolve(process.argv[1]) === path.resolve(new URL(url).pathname);
}

export async function runAlone(name, run) {
  const { chromium } = await import('playwright-core');
  const SITE = path.resolve(process.env.SITE || 'site');
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let f = path.join(SITE, p);
    if (fs.existsSync(f) && fs.statSync(f).isDirectory()) f = path.join(f, 'index.html');
    if (!fs.existsSync(f)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(f)] || 'application/octet-stream' });
    res.end(fs.readFileSync(f));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox'] });
  let passed = 0, failed = 0;
  const check = (what, ok, detail) => {
    if (ok) passed++;
    else {
      failed++;
      console.log(`FAIL ${what}${detail ? `\n    ${String(detail).replace(/\n/g, '\n    ')}` : ''}`);
    }
    return ok;
  };
  try {
    await run(browser, `http://127.0.0.1:${server.address().port}`, check);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`${name}: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
