// The app's icons for its web manifest (web/public/icons/*.png), rendered from web/icon.svg by the Chromium the browser
// tests use (@sparticuz/chromium, driven by playwright-core). The PNGs are committed; run this after changing the SVG:
//   npx ts-node --transpile-only scripts/web/icons.ts
import fs from "node:fs";
import path from "node:path";
import { launchChromium } from "./chromium";
import { REPO } from "./stack";

/** File name → size in pixels. The same full-bleed drawing serves as "any" and "maskable" (its mark stays in the
 *  central 80 % circle). */
export const ICONS: Record<string, number> = {
  "icon-192.png": 192,
  "icon-512.png": 512,
  "maskable-512.png": 512,
  "apple-touch-icon.png": 180,
  "favicon-32.png": 32,
};

async function main() {
  const svg = fs.readFileSync(path.join(REPO, "web", "icon.svg"), "utf8");
  const out = path.join(REPO, "web", "public", "icons");
  fs.mkdirSync(out, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const [file, size] of Object.entries(ICONS)) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const data = Buffer.from(svg).toString("base64");
      await page.setContent(
        `<html><body style="margin:0"><img src="data:image/svg+xml;base64,${data}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      await page.locator("img").evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
      await page.screenshot({ path: path.join(out, file), omitBackground: false });
      await page.close();
      console.log(`web/public/icons/${file} (${size} × ${size})`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
