// make report: print each language's report (/<lang>/report/) of a built
// site to <site>/<lang>/report.pdf with Debian's Chromium, through
// playwright-core (print.mjs), from the files themselves (file://: the
// site's links are relative). Paper: A4, or REPORT_PAPER=Letter.
//
//   node tests/browser/report-pdf.mjs [site]
import { chromium } from 'playwright-core';
import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { PAPERS, printPdf } from './print.mjs';

const site = path.resolve(process.argv[2] || 'site');
const format = process.env.REPORT_PAPER || 'A4';
if (!PAPERS[format]) {
  console.error(`report: REPORT_PAPER must be ${Object.keys(PAPERS).join(' or ')}, not "${format}"`);
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
let failed = 0;
try {
  const context = await browser.newContext();
  for (const lang of ['en', 'zh']) {
    const html = path.join(site, lang, 'report', 'index.html');
    if (!fs.existsSync(html)) {
      console.error(`report: ${html} is missing: build the site first (make)`);
      failed++;
      continue;
    }
    const out = path.join(site, lang, 'report.pdf');
    const tmp = `${out}.tmp`;
    await printPdf(context, pathToFileURL(html).href, tmp, format);
    fs.renameSync(tmp, out);
    console.log(`report: ${path.relative(process.cwd(), out)} (${format}, ${fs.statSync(out).size} bytes)`);
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
