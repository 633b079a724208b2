/**
 * Renders the landing page's walkthrough clip (apps/web/public/media/walkthrough.webm) and its
 * captions: four scenes drawn on a canvas in Chromium and recorded with MediaRecorder (VP9, no
 * audio). Our own animation, generated here so nothing is downloaded at run time and the clip
 * can be remade after a wording change:
 *
 *   node --import tsx e2e/tools/make-walkthrough-video.ts
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../support/browser.ts';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public/media');
const SCENE_SECONDS = 5;

/** Scenes: title, subtitle; the same text goes into the captions. */
export const SCENES = [
  { title: 'Wattwise in 20 seconds', subtitle: 'From the bill you already have to the savings in it' },
  { title: '1. Upload', subtitle: 'A PDF or a photo of your bill: PDF, JPEG, PNG or HEIC up to 10 MB' },
  { title: '2. AI Analysis', subtitle: 'Usage month by month, with billing errors and unusual readings flagged' },
  { title: '3. Get Savings', subtitle: 'Recommendations and rebates, each with what it is worth (example figures)' },
] as const;

function vtt(): string {
  const stamp = (s: number) => `00:00:${String(s).padStart(2, '0')}.000`;
  const cues = SCENES.map((scene, i) => `${i + 1}\n${stamp(i * SCENE_SECONDS)} --> ${stamp((i + 1) * SCENE_SECONDS)}\n${scene.title}: ${scene.subtitle}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Runs in the page: draws the scenes frame by frame and records the canvas. Returns the clip as base64. */
function record(scenes: typeof SCENES): Promise<string> {
  const sceneSeconds = 5; // SCENE_SECONDS: this function runs in the page and sees no module scope
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const total = scenes.length * sceneSeconds * 1000;
  const emerald = '#059669';
  const slate = '#0f172a';
  const muted = '#64748b';

  const draw = (t: number) => {
    const index = Math.min(scenes.length - 1, Math.floor(t / (sceneSeconds * 1000)));
    const local = (t - index * sceneSeconds * 1000) / (sceneSeconds * 1000);
    const scene = scenes[index] ?? scenes[0];
    ctx.fillStyle = '#f8fafc';
    ctx.fillRect(0, 0, 640, 360);
    ctx.fillStyle = emerald;
    ctx.fillRect(0, 0, 640 * ((index + local) / scenes.length), 6);
    ctx.fillStyle = slate;
    ctx.font = 'bold 34px sans-serif';
    ctx.fillText(scene.title, 40, 70);
    ctx.fillStyle = muted;
    ctx.font = '17px sans-serif';
    ctx.fillText(scene.subtitle, 40, 104);
    const ease = Math.min(1, local * 2);
    if (index === 0) {
      ctx.fillStyle = emerald;
      ctx.beginPath();
      ctx.arc(320, 230, 60 + 6 * Math.sin(local * Math.PI * 4), 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#fff';
      ctx.beginPath();
      ctx.moveTo(330, 180); ctx.lineTo(295, 240); ctx.lineTo(322, 240); ctx.lineTo(310, 282); ctx.lineTo(348, 218); ctx.lineTo(320, 218);
      ctx.closePath();
      ctx.fill();
    } else if (index === 1) {
      ctx.fillStyle = '#fff';
      ctx.strokeStyle = '#cbd5e1';
      ctx.lineWidth = 2;
      const y = 330 - 170 * ease;
      ctx.fillRect(250, y, 140, 170);
      ctx.strokeRect(250, y, 140, 170);
      ctx.fillStyle = '#cbd5e1';
      for (let line = 0; line < 6; line += 1) ctx.fillRect(265, y + 25 + line * 22, line % 2 ? 70 : 110, 8);
      ctx.fillStyle = emerald;
      ctx.fillRect(265, y + 150, 60 * ease, 8);
    } else if (index === 2) {
      const heights = [60, 72, 66, 58, 50, 64, 92, 88, 70, 55, 62, 140];
      heights.forEach((h, i) => {
        const x = 70 + i * 42;
        const hh = h * ease;
        ctx.fillStyle = i === 11 ? '#e11d48' : emerald;
        ctx.fillRect(x, 330 - hh, 28, hh);
      });
    } else {
      const cards = [
        ['$89/month', 'Example saving'],
        ['$1,068/year', 'Example saving'],
        ['36%', 'Example reduction'],
      ];
      cards.forEach(([value, label], i) => {
        const x = 40 + i * 195;
        ctx.globalAlpha = Math.max(0, Math.min(1, ease * 3 - i));
        ctx.fillStyle = '#fff';
        ctx.fillRect(x, 170, 175, 120);
        ctx.strokeStyle = '#cbd5e1';
        ctx.strokeRect(x, 170, 175, 120);
        ctx.fillStyle = muted;
        ctx.font = '15px sans-serif';
        ctx.fillText(label ?? '', x + 16, 205);
        ctx.fillStyle = emerald;
        ctx.font = 'bold 28px sans-serif';
        ctx.fillText(value ?? '', x + 16, 250);
        ctx.globalAlpha = 1;
      });
    }
  };

  return new Promise((resolve, reject) => {
    const stream = canvas.captureStream(24);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 50_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onerror = () => reject(new Error('recording failed'));
    recorder.onstop = () => {
      void new Blob(chunks, { type: 'video/webm' }).arrayBuffer().then((buffer) => {
        let binary = '';
        const bytes = new Uint8Array(buffer);
        for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i] ?? 0);
        resolve(btoa(binary));
      });
    };
    const start = performance.now();
    const frame = () => {
      const t = performance.now() - start;
      draw(Math.min(t, total - 1));
      if (t < total) requestAnimationFrame(frame);
      else recorder.stop();
    };
    draw(0);
    recorder.start(1000);
    requestAnimationFrame(frame);
  });
}

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body style="margin:0"></body>');
  // Sent as source text: tsx wraps named functions in a `__name` helper the page does not have.
  const source = `(() => { const __name = (f) => f; return (${record.toString()})(${JSON.stringify(SCENES)}); })()`;
  const base64 = await page.evaluate<string>(source);
  await writeFile(path.join(OUT_DIR, 'walkthrough.webm'), Buffer.from(base64, 'base64'));
  await writeFile(path.join(OUT_DIR, 'walkthrough.vtt'), vtt());
  console.log(`walkthrough.webm: ${Math.round(Buffer.from(base64, 'base64').length / 1024)} KB, ${SCENES.length * SCENE_SECONDS} s`);
} finally {
  await browser.close();
}
