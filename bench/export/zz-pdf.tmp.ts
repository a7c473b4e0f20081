import { readFileSync, writeFileSync } from 'node:fs';
import { buildPdf } from '../../apps/server/src/modules/export/documents/pdf-document';
import { drawingToPng } from '../../apps/server/src/modules/export/documents/drawing';
const raw = JSON.parse(readFileSync('/tmp/exp-perf/doc.json', 'utf8'));
const revive = (d: any) => ({ ...d, generatedOn: new Date(d.generatedOn), project: { ...d.project, createdOn: new Date(d.project.createdOn), lastUpdatedOn: new Date(d.project.lastUpdatedOn) } });
const doc = revive(raw);
const out = process.argv[2] ?? '/tmp/exp-perf/out.pdf';
const mode = process.argv[3] ?? 'pdf';
if (mode === 'png') {
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    let n = 0;
    for (const t of doc.transits.slice(0, 40)) if (t.drawing) { drawingToPng(t.drawing); n++; }
    console.log('png ms/drawing', ((performance.now() - t0) / n).toFixed(1));
  }
  const t = doc.transits.find((x: any) => x.drawing?.opening.shape === 'RECTANGLE');
  writeFileSync(out.replace('.pdf', '-rect.png'), drawingToPng(t.drawing).png);
  writeFileSync(out.replace('.pdf', '-round.png'), drawingToPng(doc.transits[0].drawing).png);
} else {
  let buf: Buffer = Buffer.alloc(0);
  for (let r = 0; r < 4; r++) {
    const t0 = performance.now();
    buf = await buildPdf(doc, async () => undefined);
    console.log('pdf ms', Math.round(performance.now() - t0), buf.length);
  }
  writeFileSync(out, buf);
}
