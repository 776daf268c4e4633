// Loads a page like a first-time visitor with the CPU slowed 4x and prints the main thread's long tasks
// with what they spent their time on.
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
const [url, out = '/tmp/x/trace.json'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, {
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8.execute',
    'blink.user_timing',
  ],
});
await page.goto(url);
await page
  .getByRole('dialog')
  .waitFor()
  .catch(() => {});
await page.waitForTimeout(3000);
const buf = await browser.stopTracing();
writeFileSync(out, buf);
await browser.close();
const events = JSON.parse(buf.toString()).traceEvents;
const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const busy = (m) =>
  events
    .filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask')
    .reduce((a, e) => a + (e.dur ?? 0), 0);
const main = mains.sort((a, b) => busy(b) - busy(a))[0];
const tid = main?.tid;
const pid = main?.pid;
const mine = events.filter((e) => e.tid === tid && e.pid === pid && e.ph === 'X');
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 12000);
const t0 = Math.min(...mine.map((e) => e.ts));
for (const task of tasks) {
  const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const by = {};
  for (const e of inside) {
    if (
      [
        'FunctionCall',
        'EvaluateScript',
        'v8.compile',
        'v8.compileModule',
        'ParseHTML',
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'PrePaint',
        'Layerize',
        'TimerFire',
        'EventDispatch',
        'FireAnimationFrame',
        'v8.evaluateModule',
        'ScheduleStyleRecalculation',
        'HitTest',
        'MajorGC',
        'MinorGC',
      ].includes(e.name)
    ) {
      const key =
        e.name === 'FunctionCall'
          ? `FunctionCall ${e.args?.data?.url?.split('/').pop() ?? ''}:${e.args?.data?.functionName ?? ''}`
          : e.name === 'EventDispatch'
            ? `Event ${e.args?.data?.type}`
            : e.name;
      by[key] = (by[key] ?? 0) + e.dur / 1000;
    }
  }
  const top = Object.entries(by)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(' | ');
  console.log(
    `${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur / 1000).toFixed(0).padStart(4)} ms  ${top}`,
  );
}
