// Writes the demo campaign illustrations into public/images/campaigns/ (node scripts/generate-campaign-images.mjs).
// Every motif gets three compositions: <slug>.svg (hero), <slug>-2.svg and <slug>-3.svg (gallery variants).
// The SVGs are self-contained: gradients and shapes only, no text, fonts, images or remote references.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const OUT_DIR = path.resolve(import.meta.dirname, '..', 'public', 'images', 'campaigns');
const MAX_BYTES = 4096;

// ---------------------------------------------------------------- colour helpers

function hex(h, s, l) {
  const hue = (((h % 360) + 360) % 360) / 360;
  const sat = s / 100;
  const lig = l / 100;
  const q = lig < 0.5 ? lig * (1 + sat) : lig + sat - lig * sat;
  const p = 2 * lig - q;
  const channel = (t) => {
    let x = t;
    if (x < 0) x += 1;
    if (x > 1) x -= 1;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return `#${[hue + 1 / 3, hue, hue - 1 / 3]
    .map((t) =>
      Math.round(channel(t) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Product colours from one hue. */
function productPalette(h) {
  return {
    main: hex(h, 62, 56),
    dark: hex(h, 48, 30),
    light: hex(h, 70, 82),
    pop: hex(h + 180, 70, 60),
    gold: '#e9c46a',
    ink: '#262a3d',
    white: '#ffffff',
    silver: '#d7dde6',
  };
}

/** Deterministic pseudo-random numbers, so re-running the script gives the same files. */
function random(seedText) {
  let seed = 0;
  for (const c of seedText) seed = (Math.imul(seed, 31) + c.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r = (n) => Math.round(n);

// ---------------------------------------------------------------- motifs
// Each motif draws a product centred on (0, 0), about 320 wide, standing on y = 160.

const MOTIFS = [
  {
    slug: 'beauty-serum',
    title: 'a glass dropper bottle of face serum',
    hue: 28,
    bg: 20,
    draw: (p) =>
      `<rect x="-22" y="-160" width="44" height="96" rx="22" fill="${p.ink}"/><rect x="-32" y="-72" width="64" height="36" rx="6" fill="${p.gold}"/><rect x="-75" y="-40" width="150" height="200" rx="30" fill="${p.main}"/><rect x="-55" y="-22" width="16" height="150" rx="8" fill="#fff" opacity=".35"/><rect x="-45" y="40" width="100" height="70" rx="8" fill="#fff" opacity=".9"/><rect x="-30" y="60" width="70" height="8" rx="4" fill="${p.dark}"/><rect x="-30" y="80" width="44" height="6" rx="3" fill="${p.main}"/><circle cx="120" cy="140" r="20" fill="${p.light}"/><circle cx="-118" cy="148" r="12" fill="${p.light}"/>`,
  },
  {
    slug: 'beauty-lipstick',
    title: 'a lipstick and a compact mirror',
    hue: 345,
    bg: 330,
    draw: (p) =>
      `<circle cx="70" cy="100" r="70" fill="${p.dark}"/><circle cx="70" cy="100" r="54" fill="${p.light}"/><path d="M40 70a40 40 0 0 1 40-22" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M-100-40V-130l60-40v130z" fill="${p.main}"/><rect x="-108" y="-44" width="76" height="44" rx="6" fill="${p.gold}"/><rect x="-112" y="0" width="84" height="160" rx="10" fill="${p.ink}"/><rect x="-100" y="12" width="10" height="136" rx="5" fill="#fff" opacity=".25"/>`,
  },
  {
    slug: 'fashion-handbag',
    title: 'a structured leather handbag',
    hue: 22,
    bg: 40,
    draw: (p) =>
      `<path d="M-75-10c0-120 150-120 150 0" stroke="${p.dark}" stroke-width="18" fill="none"/><path d="M-140-20h280l-22 170a14 14 0 0 1-14 10h-208a14 14 0 0 1-14-10z" fill="${p.main}"/><path d="M-140-20h280l-8 62q-132 50-264 0z" fill="${p.dark}"/><rect x="-18" y="24" width="36" height="30" rx="6" fill="${p.gold}"/><path d="M-118 70h236" stroke="#fff" stroke-width="3" stroke-dasharray="8 8" opacity=".5"/>`,
  },
  {
    slug: 'fashion-sneaker',
    title: 'a colourful running sneaker',
    hue: 200,
    bg: 170,
    draw: (p) =>
      `<path d="M-160 110c-6-50 18-80 60-80h60c30-60 80-90 120-90h30c16 0 22 20 20 40 12 30 40 70 38 130z" fill="${p.main}"/><path d="M-160 110c-4-40 10-62 40-70l20 70z" fill="${p.dark}"/><path d="M60-60h50c16 0 22 20 20 40l-40 20z" fill="${p.dark}"/><path d="M-30 20l40-50M0 32l40-50M30 44l40-50" stroke="#fff" stroke-width="9" stroke-linecap="round"/><path d="M-168 110h336q8 0 6 20l-4 18q-3 12-18 12h-300q-20 0-20-20z" fill="#fff"/><path d="M-160 138h320" stroke="${p.pop}" stroke-width="8"/><circle cx="110" cy="60" r="14" fill="${p.pop}"/>`,
  },
  {
    slug: 'fashion-sunglasses',
    title: 'a pair of round sunglasses',
    hue: 15,
    bg: 45,
    draw: (p) =>
      `<path d="M-160-40l-20-40M160-40l20-40" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/><rect x="-150" y="-50" width="130" height="110" rx="48" fill="${p.ink}" stroke="${p.main}" stroke-width="14"/><rect x="20" y="-50" width="130" height="110" rx="48" fill="${p.ink}" stroke="${p.main}" stroke-width="14"/><path d="M-20-14q20-26 40 0" stroke="${p.main}" stroke-width="12" fill="none"/><path d="M-120-20l40-20M-124 10l60-34M50-20l40-20M46 10l60-34" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity=".45"/><ellipse cx="0" cy="150" rx="110" ry="10" fill="${p.dark}" opacity=".2"/>`,
  },
  {
    slug: 'fashion-watch',
    title: 'a gold wristwatch with a leather strap',
    hue: 30,
    bg: 200,
    draw: (p) => {
      let ticks = '';
      for (let i = 0; i < 12; i += 1) {
        const a = (i * Math.PI) / 6;
        const len = i % 3 === 0 ? 14 : 7;
        ticks += `M${r(Math.sin(a) * 62)} ${r(-Math.cos(a) * 62)}L${r(Math.sin(a) * (62 - len))} ${r(-Math.cos(a) * (62 - len))}`;
      }
      return `<rect x="-42" y="-170" width="84" height="330" rx="22" fill="${p.dark}"/><path d="M-30-140h60M-30 130h60" stroke="${p.main}" stroke-width="4"/><rect x="84" y="-14" width="20" height="28" rx="6" fill="${p.gold}"/><circle r="92" fill="${p.gold}"/><circle r="76" fill="#fffaf0"/><path d="${ticks}" stroke="${p.ink}" stroke-width="4" stroke-linecap="round"/><path d="M0 0V-48M0 0l34 18" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/><circle r="7" fill="${p.main}"/>`;
    },
  },
  {
    slug: 'home-candle',
    title: 'a lit scented candle in a glass jar',
    hue: 35,
    bg: 260,
    draw: (p) =>
      `<circle cx="0" cy="-92" r="62" fill="#ffd27a" opacity=".3"/><path d="M0-138c32 40 26 78 0 84-26-6-32-44 0-84z" fill="#ffa94d"/><path d="M0-108c14 20 10 40 0 44-10-4-14-24 0-44z" fill="#fff3c4"/><path d="M0-62v24" stroke="${p.ink}" stroke-width="4"/><rect x="-92" y="-46" width="184" height="206" rx="26" fill="${p.light}" opacity=".75"/><rect x="-80" y="-36" width="160" height="188" rx="18" fill="${p.main}"/><rect x="-80" y="40" width="160" height="64" fill="#fff" opacity=".85"/><circle cy="72" r="18" fill="${p.pop}"/><rect x="-66" y="-26" width="12" height="150" rx="6" fill="#fff" opacity=".3"/>`,
  },
  {
    slug: 'home-plant',
    title: 'a leafy house plant in a terracotta pot',
    hue: 14,
    bg: 140,
    draw: (p) => {
      const leaves = [
        [-70, -60, -35, '#3f9a5b'],
        [70, -70, 35, '#2e7d47'],
        [-20, -110, -8, '#5cbf78'],
        [30, -120, 14, '#3f9a5b'],
        [-100, -10, -60, '#5cbf78'],
        [100, -20, 60, '#5cbf78'],
      ];
      const shapes = leaves
        .map(
          ([x, y, a, c]) =>
            `<g transform="translate(${x} ${y}) rotate(${a})"><ellipse rx="30" ry="68" fill="${c}"/><path d="M0-60V60" stroke="#1f5a33" stroke-width="3" opacity=".5"/></g>`,
        )
        .join('');
      return `<path d="M0 30V-90" stroke="#2e7d47" stroke-width="8"/>${shapes}<path d="M-80 40h160l-22 120h-116z" fill="${p.main}"/><rect x="-92" y="18" width="184" height="34" rx="8" fill="${p.dark}"/><path d="M-60 90h120" stroke="#fff" stroke-width="5" opacity=".35"/>`;
    },
  },
  {
    slug: 'travel-suitcase',
    title: 'a hard-shell carry-on suitcase with travel stickers',
    hue: 190,
    bg: 30,
    draw: (p) =>
      `<rect x="-40" y="-132" width="80" height="50" rx="14" fill="none" stroke="${p.ink}" stroke-width="14"/><rect x="-112" y="-90" width="224" height="232" rx="28" fill="${p.main}"/><path d="M-60-70v190M0-70v190M60-70v190" stroke="${p.dark}" stroke-width="10" opacity=".35" stroke-linecap="round"/><circle cx="-62" cy="-30" r="24" fill="${p.pop}"/><rect x="20" y="30" width="60" height="40" rx="8" fill="#fff" transform="rotate(-10 50 50)"/><circle cx="-70" cy="152" r="13" fill="${p.ink}"/><circle cx="70" cy="152" r="13" fill="${p.ink}"/>`,
  },
  {
    slug: 'food-bowl',
    title: 'a steaming bowl of noodles with chopsticks',
    hue: 8,
    bg: 50,
    draw: (p) =>
      `<path d="M50-160l110 150M80-165l100 150" stroke="${p.ink}" stroke-width="9" stroke-linecap="round"/><path d="M-40-60q10-30 0-60M10-60q10-30 0-60" stroke="#fff" stroke-width="6" fill="none" opacity=".6" stroke-linecap="round"/><ellipse cy="0" rx="150" ry="24" fill="#f2b866"/><path d="M-110 0q20-14 40 0t40 0 40 0 40 0" stroke="#fbe7a1" stroke-width="8" fill="none"/><ellipse cx="60" cy="-6" rx="28" ry="16" fill="#fff"/><circle cx="60" cy="-6" r="10" fill="#f7a325"/><circle cx="-60" cy="-8" r="6" fill="#5cbf78"/><circle cx="-36" cy="6" r="6" fill="#5cbf78"/><path d="M-150 0a150 140 0 0 0 300 0z" fill="${p.main}"/><path d="M-120 40h240" stroke="#fff" stroke-width="6" opacity=".4"/><rect x="-50" y="132" width="100" height="24" rx="8" fill="${p.dark}"/>`,
  },
  {
    slug: 'food-snack-box',
    title: 'a box of oat snack bites',
    hue: 40,
    bg: 100,
    draw: (p) =>
      `<path d="M-100-110l40-30h170l-40 30z" fill="${p.light}"/><path d="M70-110l40-30v270l-40 30z" fill="${p.dark}"/><rect x="-100" y="-110" width="170" height="270" rx="6" fill="${p.main}"/><rect x="-100" y="-80" width="170" height="34" fill="#fff" opacity=".85"/><ellipse cx="-15" cy="60" rx="60" ry="56" fill="#fff8e8"/><circle cx="-36" cy="46" r="16" fill="#c98a4b"/><circle cx="4" cy="50" r="16" fill="#b5773a"/><circle cx="-16" cy="82" r="16" fill="#d89a5a"/><circle cx="-148" cy="140" r="18" fill="#c98a4b"/><circle cx="140" cy="150" r="12" fill="#b5773a"/>`,
  },
  {
    slug: 'fitness-kettlebell',
    title: 'a kettlebell',
    hue: 160,
    bg: 210,
    draw: (p) =>
      `<path d="M-66-30c-14-130 146-130 132 0" stroke="${p.dark}" stroke-width="34" fill="none"/><circle cy="56" r="112" fill="${p.main}"/><rect x="-80" y="136" width="160" height="24" rx="8" fill="${p.dark}"/><ellipse cx="-46" cy="18" rx="26" ry="44" fill="#fff" opacity=".25" transform="rotate(25 -46 18)"/><rect x="-40" y="50" width="80" height="44" rx="10" fill="#fff" opacity=".9"/><path d="M-24 72h48" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>`,
  },
  {
    slug: 'fitness-bottle',
    title: 'an insulated water bottle',
    hue: 175,
    bg: 230,
    draw: (p) =>
      `<circle cx="0" cy="-150" r="22" fill="none" stroke="${p.ink}" stroke-width="10"/><rect x="-42" y="-150" width="84" height="66" rx="16" fill="${p.ink}"/><rect x="-64" y="-96" width="128" height="256" rx="44" fill="${p.main}"/><path d="M36-40h16M36-10h16M36 20h16M36 50h16M36 80h16" stroke="#fff" stroke-width="5" stroke-linecap="round"/><rect x="-44" y="-70" width="16" height="200" rx="8" fill="#fff" opacity=".3"/><circle cx="-6" cy="40" r="22" fill="${p.pop}"/><circle cx="118" cy="130" r="30" fill="#ffd54f"/><circle cx="118" cy="130" r="20" fill="#fff3b0"/>`,
  },
  {
    slug: 'tech-headphones',
    title: 'a pair of over-ear wireless headphones',
    hue: 260,
    bg: 290,
    draw: (p) =>
      `<path d="M-118 30c0-200 236-200 236 0" stroke="${p.ink}" stroke-width="26" fill="none"/><rect x="-152" y="-10" width="74" height="136" rx="32" fill="${p.main}"/><rect x="78" y="-10" width="74" height="136" rx="32" fill="${p.main}"/><rect x="-92" y="6" width="26" height="104" rx="12" fill="${p.ink}"/><rect x="66" y="6" width="26" height="104" rx="12" fill="${p.ink}"/><circle cx="-128" cy="20" r="6" fill="${p.pop}"/><path d="M-176 30q-16 28 0 56M176 30q16 28 0 56" stroke="${p.dark}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  },
  {
    slug: 'tech-phone',
    title: 'a smartphone showing a video feed',
    hue: 215,
    bg: 180,
    draw: (p) =>
      `<rect x="-88" y="-170" width="176" height="330" rx="30" fill="${p.ink}"/><rect x="-74" y="-152" width="148" height="292" rx="20" fill="${p.light}"/><rect x="-60" y="-130" width="120" height="120" rx="14" fill="${p.main}"/><path d="M-10-90v40l34-20z" fill="#fff"/><rect x="-60" y="6" width="120" height="14" rx="7" fill="${p.dark}" opacity=".6"/><rect x="-60" y="30" width="80" height="12" rx="6" fill="${p.dark}" opacity=".4"/><circle cx="-40" cy="90" r="18" fill="${p.pop}"/><circle cx="0" cy="90" r="18" fill="${p.main}"/><circle cx="40" cy="90" r="18" fill="${p.dark}"/><circle cx="0" cy="-160" r="4" fill="#555"/>`,
  },
  {
    slug: 'gaming-controller',
    title: 'a game controller',
    hue: 280,
    bg: 240,
    draw: (p) =>
      `<path d="M-150 0c-10-60 30-80 70-80h160c40 0 80 20 70 80l-10 80c-8 50-60 60-80 20l-20-40h-80l-20 40c-20 40-72 30-80-20z" fill="${p.main}"/><path d="M-100-20h40M-80-40v40" stroke="${p.ink}" stroke-width="16" stroke-linecap="round"/><circle cx="70" cy="-34" r="11" fill="#ffd54f"/><circle cx="96" cy="-12" r="11" fill="#ef5350"/><circle cx="70" cy="10" r="11" fill="#66bb6a"/><circle cx="44" cy="-12" r="11" fill="#42a5f5"/><circle cx="-40" cy="34" r="20" fill="${p.ink}"/><circle cx="40" cy="34" r="20" fill="${p.ink}"/><path d="M-120-60q30-16 60 0" stroke="#fff" stroke-width="6" fill="none" opacity=".35"/>`,
  },
  {
    slug: 'parenting-blocks',
    title: 'a stack of wooden toy blocks',
    hue: 200,
    bg: 55,
    draw: (p) => {
      const cube = (x, y, s, face, top, side, mark) =>
        `<path d="M${x} ${y}l${s / 4} -${s / 4}h${s}l-${s / 4} ${s / 4}z" fill="${top}"/><path d="M${x + s} ${y}l${s / 4} -${s / 4}v${s}l-${s / 4} ${s / 4}z" fill="${side}"/><rect x="${x}" y="${y}" width="${s}" height="${s}" rx="6" fill="${face}"/>${mark(x + s / 2, y + s / 2)}`;
      return (
        cube(
          -150,
          50,
          110,
          p.main,
          p.light,
          p.dark,
          (x, y) => `<circle cx="${x}" cy="${y}" r="28" fill="#fff"/>`,
        ) +
        cube(
          -20,
          50,
          110,
          '#ef8354',
          '#f6b89a',
          '#b65a33',
          (x, y) => `<path d="M${x} ${y - 30}l32 54h-64z" fill="#fff"/>`,
        ) +
        cube(
          -86,
          -70,
          110,
          '#ffd166',
          '#ffe6a6',
          '#c99a2e',
          (x, y) => `<rect x="${x - 26}" y="${y - 26}" width="52" height="52" rx="6" fill="#fff"/>`,
        )
      );
    },
  },
  {
    slug: 'pets-bowl',
    title: 'a pet food bowl and a chew bone',
    hue: 200,
    bg: 165,
    draw: (p) =>
      `<g fill="#f4dfbd"><rect x="-70" y="-84" width="140" height="36" rx="18"/><circle cx="-72" cy="-84" r="22"/><circle cx="-72" cy="-48" r="22"/><circle cx="72" cy="-84" r="22"/><circle cx="72" cy="-48" r="22"/></g><ellipse cy="60" rx="140" ry="26" fill="${p.dark}"/><circle cx="-50" cy="54" r="12" fill="#a86b3c"/><circle cx="-20" cy="50" r="12" fill="#c08050"/><circle cx="14" cy="54" r="12" fill="#a86b3c"/><circle cx="44" cy="50" r="12" fill="#c08050"/><path d="M-140 60h280l-30 100h-220z" fill="${p.main}"/><circle cy="110" r="20" fill="#fff" opacity=".85"/><circle cx="-8" cy="104" r="5" fill="${p.main}"/><circle cx="8" cy="104" r="5" fill="${p.main}"/><ellipse cy="118" rx="8" ry="6" fill="${p.main}"/>`,
  },
  {
    slug: 'diy-toolbox',
    title: 'a toolbox with a hammer and a screwdriver',
    hue: 0,
    bg: 210,
    draw: (p) =>
      `<g transform="rotate(-20)"><rect x="-14" y="-170" width="22" height="150" rx="6" fill="#b07a46"/><rect x="-50" y="-180" width="90" height="34" rx="8" fill="${p.ink}"/></g><g transform="rotate(18)"><rect x="70" y="-150" width="8" height="110" fill="#9aa3ad"/><rect x="62" y="-190" width="24" height="56" rx="10" fill="#ffd166"/></g><rect x="-60" y="-60" width="120" height="40" rx="12" fill="none" stroke="${p.ink}" stroke-width="12"/><rect x="-140" y="-10" width="280" height="170" rx="14" fill="${p.main}"/><rect x="-150" y="-30" width="300" height="50" rx="12" fill="${p.dark}"/><rect x="-100" y="6" width="36" height="24" rx="4" fill="${p.gold}"/><rect x="64" y="6" width="36" height="24" rx="4" fill="${p.gold}"/><path d="M-120 120h240" stroke="#fff" stroke-width="6" opacity=".3"/>`,
  },
  {
    slug: 'art-palette',
    title: 'a painter palette with brushes',
    hue: 35,
    bg: 300,
    draw: () =>
      `<path d="M-150 20c0-120 150-170 250-130 70 30 60 110 10 120-40 8-30 60-70 90-70 50-190 30-190-80z" fill="#f3d9b1"/><ellipse cx="36" cy="10" rx="20" ry="16" fill="#c9a878"/><circle cx="-90" cy="0" r="24" fill="#ef5350"/><circle cx="-50" cy="-60" r="22" fill="#ffd54f"/><circle cx="20" cy="-84" r="22" fill="#42a5f5"/><circle cx="86" cy="-60" r="20" fill="#66bb6a"/><circle cx="-70" cy="70" r="22" fill="#ab47bc"/><circle cx="-10" cy="90" r="18" fill="#ff8a65"/><g transform="rotate(38)"><rect x="40" y="-190" width="14" height="170" rx="7" fill="#8d5a3b"/><rect x="38" y="-40" width="18" height="30" fill="#b0bec5"/><path d="M38-10h18l-9 40z" fill="#263238"/></g>`,
  },
  {
    slug: 'music-guitar',
    title: 'an acoustic guitar',
    hue: 28,
    bg: 190,
    draw: (p) =>
      `<g transform="rotate(-18)"><rect x="-12" y="-210" width="24" height="200" fill="${p.dark}"/><rect x="-20" y="-240" width="40" height="44" rx="8" fill="${p.ink}"/><circle cy="-20" r="66" fill="${p.main}"/><circle cy="80" r="86" fill="${p.main}"/><circle cy="24" r="26" fill="${p.ink}"/><rect x="-34" y="96" width="68" height="14" rx="4" fill="${p.dark}"/><path d="M-6-236V104M0-236V104M6-236V104" stroke="#f5f5f5" stroke-width="1.6"/><path d="M-50 130q50 30 100 0" stroke="#fff" stroke-width="5" fill="none" opacity=".3"/></g>`,
  },
  {
    slug: 'comedy-mic',
    title: 'a stage microphone in a spotlight with a speech bubble',
    hue: 350,
    bg: 265,
    draw: (p) =>
      `<path d="M-40-200h80l100 360h-280z" fill="#fff" opacity=".18"/><path d="M0 20v130" stroke="${p.ink}" stroke-width="12"/><ellipse cy="154" rx="70" ry="12" fill="${p.ink}"/><rect x="-50" y="-160" width="100" height="140" rx="50" fill="#cfd6df"/><path d="M-40-120h80M-46-90h92M-40-60h80M-20-156v136M20-156v136" stroke="#8f99a6" stroke-width="4"/><rect x="-52" y="-40" width="104" height="22" rx="6" fill="${p.main}"/><path d="M80-150h90a20 20 0 0 1 20 20v50a20 20 0 0 1-20 20h-54l-26 24v-24a20 20 0 0 1-10-20v-50a20 20 0 0 1 20-20z" fill="#fff"/><circle cx="110" cy="-106" r="8" fill="${p.main}"/><circle cx="136" cy="-106" r="8" fill="${p.main}"/><circle cx="162" cy="-106" r="8" fill="${p.main}"/>`,
  },
  {
    slug: 'education-books',
    title: 'a stack of books with a pencil and an apple',
    hue: 220,
    bg: 45,
    draw: (p) =>
      `<rect x="-130" y="110" width="250" height="50" rx="6" fill="${p.main}"/><rect x="-118" y="118" width="226" height="14" fill="#fff" opacity=".85"/><rect x="-110" y="62" width="220" height="48" rx="6" fill="#ef8354"/><rect x="-98" y="70" width="196" height="12" fill="#fff" opacity=".85"/><rect x="-120" y="16" width="230" height="46" rx="6" fill="${p.dark}"/><rect x="-108" y="24" width="206" height="12" fill="#fff" opacity=".85"/><circle cx="-20" cy="-30" r="44" fill="#e63946"/><path d="M-20-72q10-20 30-22" stroke="#2e7d47" stroke-width="6" fill="none"/><g transform="rotate(-30 90 -40)"><rect x="60" y="-50" width="130" height="22" fill="#ffd166"/><path d="M60-50l-30 11 30 11z" fill="#f3d9b1"/><rect x="186" y="-50" width="16" height="22" fill="#ef8354"/></g>`,
  },
  {
    slug: 'business-laptop',
    title: 'a laptop showing growth charts',
    hue: 210,
    bg: 160,
    draw: (p) =>
      `<rect x="-150" y="-130" width="300" height="196" rx="14" fill="${p.ink}"/><rect x="-136" y="-116" width="272" height="168" rx="6" fill="#f5f8fc"/><rect x="-110" y="-10" width="28" height="44" fill="${p.light}"/><rect x="-70" y="-40" width="28" height="74" fill="${p.main}"/><rect x="-30" y="-70" width="28" height="104" fill="${p.dark}"/><path d="M20 20l30-40 30 16 40-70" stroke="${p.pop}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/><rect x="-110" y="-100" width="90" height="12" rx="6" fill="${p.light}"/><path d="M-190 66h380l-24 34h-332z" fill="${p.silver}"/><rect x="-40" y="66" width="80" height="10" rx="5" fill="#aab4c0"/><rect x="-190" y="100" width="380" height="8" rx="4" fill="#000" opacity=".12"/>`,
  },
  {
    slug: 'health-vitamins',
    title: 'a bottle of daily vitamins with capsules',
    hue: 30,
    bg: 110,
    draw: (p) =>
      `<rect x="-60" y="-116" width="120" height="56" rx="10" fill="#fff"/><path d="M-40-108v40M-20-108v40M0-108v40M20-108v40M40-108v40" stroke="#dde2e8" stroke-width="5"/><rect x="-76" y="-64" width="152" height="204" rx="26" fill="${p.main}"/><rect x="-56" y="-20" width="112" height="100" rx="10" fill="#fff"/><path d="M0 6v48M-24 30h48" stroke="${p.main}" stroke-width="14" stroke-linecap="round"/><g transform="translate(110 130) rotate(-30)"><rect x="-34" y="-14" width="68" height="28" rx="14" fill="#fff"/><path d="M0-14h20a14 14 0 0 1 0 28h-20z" fill="${p.pop}"/></g><g transform="translate(-120 142) rotate(20)"><rect x="-30" y="-12" width="60" height="24" rx="12" fill="#fff"/><path d="M0-12h18a12 12 0 0 1 0 24h-18z" fill="#ffd166"/></g>`,
  },
  {
    slug: 'lifestyle-mug',
    title: 'a smiling coffee mug with steam',
    hue: 190,
    bg: 25,
    draw: (p) =>
      `<path d="M-40-90q-20-30 0-60t0-60M10-90q-20-30 0-60" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" opacity=".7"/><path d="M70-20c70 0 70 110 0 110" stroke="${p.dark}" stroke-width="22" fill="none"/><rect x="-100" y="-60" width="180" height="210" rx="24" fill="${p.main}"/><ellipse cx="-10" cy="-56" rx="82" ry="12" fill="#6b4226"/><circle cx="-40" cy="30" r="9" fill="${p.ink}"/><circle cx="20" cy="30" r="9" fill="${p.ink}"/><path d="M-50 66q40 34 80 0" stroke="${p.ink}" stroke-width="8" fill="none" stroke-linecap="round"/><ellipse cx="-10" cy="160" rx="130" ry="10" fill="${p.dark}" opacity=".25"/>`,
  },
  {
    slug: 'sports-ball',
    title: 'a basketball and a whistle',
    hue: 24,
    bg: 215,
    draw: (p) =>
      `<circle cx="-20" cy="30" r="128" fill="${hex(24, 85, 55)}"/><path d="M-20-98V158M-148 30h256M-110-60c50 40 50 140 0 180M70-60c-50 40-50 140 0 180" stroke="${p.ink}" stroke-width="6" fill="none"/><ellipse cx="-70" cy="-30" rx="30" ry="50" fill="#fff" opacity=".2" transform="rotate(35 -70 -30)"/><path d="M110 120h50a22 22 0 0 1 0 44h-40a30 30 0 1 1-10-44z" fill="${p.silver}"/><path d="M150 120v-30" stroke="${p.main}" stroke-width="6"/>`,
  },
  {
    slug: 'auto-car',
    title: 'a compact car',
    hue: 355,
    bg: 200,
    draw: (p) =>
      `<g transform="translate(0 30)"><path d="M-170 80V40q5-30 40-35l50-55q15-15 40-15h90q25 0 45 20l45 50q35 7 38 40v35q0 15-18 15h-315q-15 0-15-15z" fill="${p.main}"/><path d="M-70-44q8-10 22-10h40v56h-96zM0-54h52q16 0 28 14l38 42h-118z" fill="${p.light}"/><rect x="-176" y="50" width="26" height="14" rx="6" fill="#ffd54f"/><rect x="150" y="48" width="26" height="14" rx="6" fill="#ff6b6b"/><path d="M-150 64h300" stroke="#fff" stroke-width="4" opacity=".4"/><circle cx="-96" cy="96" r="36" fill="${p.ink}"/><circle cx="-96" cy="96" r="14" fill="${p.silver}"/><circle cx="100" cy="96" r="36" fill="${p.ink}"/><circle cx="100" cy="96" r="14" fill="${p.silver}"/></g>`,
  },
];

// ---------------------------------------------------------------- compositions

const sparkle = (x, y, s, fill) =>
  `<path d="M${x} ${y - s}q${s / 7} ${(s * 6) / 7} ${s} ${s}q-${(s * 6) / 7} ${s / 7}-${s} ${s}q-${s / 7}-${(s * 6) / 7}-${s}-${s}q${(s * 6) / 7}-${s / 7} ${s}-${s}z" fill="${fill}"/>`;

function decorations(rand, count, colors, avoid) {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    let x = 0;
    let y = 0;
    do {
      x = 40 + rand() * 720;
      y = 40 + rand() * 520;
    } while (Math.hypot(x - avoid[0], y - avoid[1]) < 230);
    const color = colors[i % colors.length];
    if (i % 3 === 0) out += sparkle(r(x), r(y), r(10 + rand() * 12), color);
    else out += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(4 + rand() * 9)}" fill="${color}"/>`;
  }
  return out;
}

function svg(title, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img"><title>${title}</title><defs>${defs}</defs>${body}</svg>\n`;
}

/** Hero: diagonal gradient, a halo behind the product, a soft podium shadow. */
function hero(m) {
  const p = productPalette(m.hue);
  const rand = random(`${m.slug}-1`);
  const defs = `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(m.bg, 80, 90)}"/><stop offset="1" stop-color="${hex(m.bg + 35, 70, 72)}"/></linearGradient>`;
  return svg(
    `Illustration of ${m.title}`,
    defs,
    `<rect width="800" height="600" fill="url(#b)"/><circle cx="400" cy="290" r="210" fill="#fff" opacity=".35"/>${decorations(rand, 9, ['#fff', hex(m.bg + 35, 70, 60)], [400, 300])}<ellipse cx="400" cy="478" rx="200" ry="22" fill="${hex(m.bg + 35, 50, 35)}" opacity=".25"/><g transform="translate(400 300) scale(1.1)">${m.draw(p)}</g>`,
  );
}

/** Second view: shifted colours, an arch backdrop, the product tilted with a small second copy. */
function variantTwo(m) {
  const p = productPalette(m.hue + 40);
  const bg = m.bg + 150;
  const rand = random(`${m.slug}-2`);
  const defs = `<radialGradient id="b" cx=".3" cy=".3" r=".9"><stop offset="0" stop-color="${hex(bg, 75, 92)}"/><stop offset="1" stop-color="${hex(bg + 20, 60, 70)}"/></radialGradient><g id="p">${m.draw(p)}</g>`;
  return svg(
    `Illustration of ${m.title}, second view`,
    defs,
    `<rect width="800" height="600" fill="url(#b)"/><path d="M140 600V260a190 190 0 0 1 380 0v340z" fill="${hex(bg + 20, 55, 82)}"/>${decorations(rand, 8, ['#fff', hex(bg - 30, 70, 62)], [330, 320])}<ellipse cx="330" cy="478" rx="170" ry="18" fill="#000" opacity=".12"/><use href="#p" transform="translate(330 320) rotate(-7) scale(.95)"/><ellipse cx="628" cy="470" rx="80" ry="10" fill="#000" opacity=".1"/><use href="#p" transform="translate(628 398) rotate(10) scale(.45)"/>`,
  );
}

/** Third view: a two-tone split background, a dot grid and a close-up on a round plinth. */
function variantThree(m) {
  const p = productPalette(m.hue - 35);
  const bg = m.bg - 60;
  let dots = '';
  for (let x = 60; x <= 220; x += 40) for (let y = 60; y <= 180; y += 40) dots += `M${x} ${y}h.1`;
  const defs = `<linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(bg, 70, 86)}"/><stop offset="1" stop-color="${hex(bg, 60, 76)}"/></linearGradient>`;
  return svg(
    `Illustration of ${m.title}, close-up`,
    defs,
    `<rect width="800" height="600" fill="url(#b)"/><path d="M800 0v600H260z" fill="${hex(bg + 25, 65, 66)}" opacity=".55"/><path d="${dots}" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".7"/><circle cx="660" cy="110" r="54" fill="${hex(bg + 180, 75, 70)}"/><ellipse cx="430" cy="520" rx="220" ry="40" fill="${hex(bg + 25, 40, 40)}"/><rect x="210" y="480" width="440" height="40" fill="${hex(bg + 25, 40, 40)}"/><ellipse cx="430" cy="480" rx="220" ry="40" fill="${hex(bg + 25, 55, 58)}"/><g transform="translate(430 304) scale(1.1)">${m.draw(p)}</g>`,
  );
}

mkdirSync(OUT_DIR, { recursive: true });
let written = 0;
for (const motif of MOTIFS) {
  const files = [
    [`${motif.slug}.svg`, hero(motif)],
    [`${motif.slug}-2.svg`, variantTwo(motif)],
    [`${motif.slug}-3.svg`, variantThree(motif)],
  ];
  for (const [name, content] of files) {
    const bytes = Buffer.byteLength(content);
    if (bytes > MAX_BYTES) throw new Error(`${name} is ${bytes} bytes, over the ${MAX_BYTES}-byte budget`);
    writeFileSync(path.join(OUT_DIR, name), content);
    written += 1;
  }
}
console.log(
  `Wrote ${written} illustrations (${MOTIFS.length} motifs) to ${path.relative(process.cwd(), OUT_DIR)}`,
);
