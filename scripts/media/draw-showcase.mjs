// Draws the sample images of the founder showcase (public/showcase/<slug>.svg, a 640x400
// mock screenshot, and <slug>-icon.svg, a 64x64 favicon) from app/content/showcase.ts. Operators
// who put real screenshots there do not need it.
//
//   node scripts/media/draw-showcase.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SHOWCASE } from '../../app/content/showcase.ts';

const dir = resolve(import.meta.dirname, '../../public/showcase');
mkdirSync(dir, { recursive: true });
const esc = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

for (const {
  slug,
  name,
  description,
  colors: [strong, soft],
} of SHOWCASE) {
  const initial = esc(name[0]);
  writeFileSync(
    resolve(dir, `${slug}-icon.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${strong}"/><text x="32" y="44" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" fill="${soft}" text-anchor="middle">${initial}</text></svg>\n`,
  );
  // A browser window showing the product's home: header, headline, a button, three cards.
  const words = description.split(' ');
  const half = Math.ceil(words.length / 2);
  writeFileSync(
    resolve(dir, `${slug}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400">
<rect width="640" height="400" fill="${soft}"/>
<rect width="640" height="36" fill="#fff"/><circle cx="20" cy="18" r="6" fill="#f87171"/><circle cx="40" cy="18" r="6" fill="#fbbf24"/><circle cx="60" cy="18" r="6" fill="#34d399"/>
<rect x="90" y="9" width="460" height="18" rx="9" fill="#f1f5f9"/><text x="104" y="22" font-family="Arial,Helvetica,sans-serif" font-size="11" fill="#64748b">${slug}.example</text>
<rect x="40" y="60" width="28" height="28" rx="7" fill="${strong}"/><text x="54" y="80" font-family="Arial,Helvetica,sans-serif" font-size="16" font-weight="700" fill="${soft}" text-anchor="middle">${initial}</text>
<text x="78" y="80" font-family="Arial,Helvetica,sans-serif" font-size="17" font-weight="700" fill="${strong}">${esc(name)}</text>
<text x="40" y="146" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#0f172a">${esc(words.slice(0, half).join(' '))}</text>
<text x="40" y="178" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#0f172a">${esc(words.slice(half).join(' '))}</text>
<rect x="40" y="204" width="132" height="36" rx="8" fill="${strong}"/><text x="106" y="227" font-family="Arial,Helvetica,sans-serif" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">Get started</text>
<g fill="#fff"><rect x="40" y="272" width="176" height="96" rx="10"/><rect x="232" y="272" width="176" height="96" rx="10"/><rect x="424" y="272" width="176" height="96" rx="10"/></g>
<g fill="${strong}" opacity=".25"><rect x="56" y="292" width="90" height="10" rx="5"/><rect x="248" y="292" width="110" height="10" rx="5"/><rect x="440" y="292" width="80" height="10" rx="5"/></g>
<g fill="#cbd5e1"><rect x="56" y="316" width="140" height="8" rx="4"/><rect x="56" y="332" width="120" height="8" rx="4"/><rect x="248" y="316" width="140" height="8" rx="4"/><rect x="248" y="332" width="100" height="8" rx="4"/><rect x="440" y="316" width="140" height="8" rx="4"/><rect x="440" y="332" width="130" height="8" rx="4"/></g>
</svg>\n`,
  );
}
console.log(`Drew ${SHOWCASE.length} showcase images and icons in public/showcase/`);
