// A seat card as pictures: its link's QR code (the `qrcode` package) and the whole card drawn on a canvas as a PNG
// (name, seat number, QR code, how to use it, "play money only"), for a teacher who sends cards one by one.
import { isolate } from "../shared/bidi";
import QRCode from "qrcode";

/** The QR code of `link` as a PNG data URL. */
export function qrDataUrl(link: string, width = 240): Promise<string> {
  return QRCode.toDataURL(link, { errorCorrectionLevel: "M", margin: 1, width });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("the QR code image did not load"));
    img.src = src;
  });
}

export interface CardText {
  name: string;
  seat: number;
  /** "Tournament 1 · chain 31337". */
  where: string;
}

/** The card as a PNG data URL (700 × 400). */
export async function cardPng(text: CardText, link: string): Promise<string> {
  const canvas = document.createElement("canvas");
  canvas.width = 700;
  canvas.height = 400;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("this browser cannot draw on a canvas");
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.strokeStyle = "#1d1d1f";
  g.lineWidth = 4;
  g.strokeRect(2, 2, canvas.width - 4, canvas.height - 4);
  const qr = await loadImage(await qrDataUrl(link, 300));
  g.drawImage(qr, 380, 50, 300, 300);
  g.fillStyle = "#1d1d1f";
  g.font = "bold 44px system-ui, sans-serif";
  g.fillText(text.name ? isolate(text.name) : `Seat ${text.seat}`, 30, 90, 340);
  g.font = "28px system-ui, sans-serif";
  g.fillText(`Seat ${text.seat}`, 30, 140, 340);
  g.font = "20px system-ui, sans-serif";
  g.fillStyle = "#5f6368";
  g.fillText(text.where, 30, 180, 340);
  g.fillStyle = "#1d1d1f";
  g.font = "22px system-ui, sans-serif";
  g.fillText("Scan with your phone's camera", 30, 250, 340);
  g.fillText("to play. Keep this card to yourself.", 30, 280, 340);
  g.font = "bold 18px system-ui, sans-serif";
  g.fillStyle = "#a35a00";
  g.fillText("Play money only: the card holds a key.", 30, 350, 340);
  return canvas.toDataURL("image/png");
}

/** Starts a download of `href` (a data or blob URL) as `file`. */
export function download(href: string, file: string): void {
  const a = document.createElement("a");
  a.href = href;
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** A file name part: letters, digits and dashes. */
export function fileSafe(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 24)
      .toLowerCase() || "seat"
  );
}
