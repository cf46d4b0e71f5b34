// Colour-blind check (issue 28): the colour pairs that carry meaning, as
// seen with protanopia, deuteranopia and tritanopia (Machado, Oliveira and
// Fernandes 2009, severity 1, applied in linear RGB), measured by their
// luminance contrast (WCAG ratio) and their colour difference (CIE76 ΔE in
// Lab). Each pair also names the cue that does not need colour at all,
// which the browser scenario "theme" finds on the page. Pure: no browser.

const MACHADO = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};
export const VISIONS = ['normal', ...Object.keys(MACHADO)];

const hex = (h) => {
  const v = h.replace('#', '');
  const f = v.length === 3 ? [...v].map((c) => c + c).join('') : v;
  return [0, 2, 4].map((i) => parseInt(f.slice(i, i + 2), 16) / 255);
};
const toLin = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const clamp = (c) => Math.min(1, Math.max(0, c));

/** Linear RGB of `colour` (#rrggbb) as a person with `vision` sees it. */
export function seen(colour, vision) {
  const lin = hex(colour).map(toLin);
  if (vision === 'normal') return lin;
  const m = MACHADO[vision];
  return m.map((row) => clamp(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]));
}

const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** WCAG contrast ratio of two linear RGB colours. */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

function lab(lin) {
  const [r, g, b] = lin;
  const X = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const Y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

/** CIE76 colour difference of two linear RGB colours. */
export function deltaE(a, b) {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** `colour` after the unplayable card's CSS filter (grayscale(0.85)
 *  brightness(0.62), main.css), in sRGB hex. */
export function dimmed(colour) {
  const [r, g, b] = hex(colour);
  const s = 1 - 0.85;
  // The filter spec's grayscale matrix, then brightness, on sRGB values.
  const m = [
    [0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s],
    [0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s],
    [0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s],
  ];
  const out = m.map((row) => clamp((row[0] * r + row[1] * g + row[2] * b) * 0.62));
  return '#' + out.map((c) => Math.round(c * 255).toString(16).padStart(2, '0')).join('');
}

// The colours of the card faces (main.css: --c1, the face's main colour).
const CARDS = {
  '0-3': '#339af0', '4-6': '#51cf66', '7-9': '#ff922b', '10': '#9775fa', '−10': '#22b8cf',
  Reverse: '#ff6b6b', 'Play 2': '#f06595', Hold: '#868e96', 'ONO 99': '#343a40',
};

/** `top` (#rgb, #rrggbb or rgba(r, g, b, a)) laid over the opaque `under`. */
export function over(top, under) {
  const m = /rgba?\(([^)]+)\)/.exec(top);
  if (!m) return top.trim();
  const [r, g, b, a = 1] = m[1].split(',').map(Number);
  const u = hex(under).map((c) => c * 255);
  return '#' + [r, g, b].map((c, i) => Math.round(c * a + u[i] * (1 - a)).toString(16).padStart(2, '0')).join('');
}

/** The custom properties the pairs read (main.css), for `pairs`. */
export const VARS = ['--v-best', '--v-good', '--v-inaccuracy', '--v-mistake', '--warm', '--danger', '--line-2', '--felt'];

/**
 * The pairs whose difference means something, with the colours a theme
 * gives them (`v`: each of VARS by name, as the page computes it), and the
 * cue that tells them apart without colour.
 */
export function pairs(v) {
  const calm = over(v['--line-2'], v['--felt']);
  const list = [];
  for (const [name, c] of Object.entries(CARDS)) {
    list.push({ group: 'playable / unplayable card', a: `${name} card`, b: 'the same, unplayable', ca: c, cb: dimmed(c), cue: 'a ✕ badge on the unplayable card' });
  }
  const verdicts = [['Best ★', v['--v-best']], ['Good ✓', v['--v-good']], ['Inaccuracy ⚠', v['--v-inaccuracy']], ['Mistake ✕', v['--v-mistake']]];
  for (let i = 0; i < verdicts.length; i++) {
    for (let j = i + 1; j < verdicts.length; j++) {
      list.push({ group: 'review verdicts', a: verdicts[i][0], b: verdicts[j][0], ca: verdicts[i][1].trim(), cb: verdicts[j][1].trim(), cue: 'its own mark and word; the border solid, dashed or double' });
    }
  }
  const totals = [['calm', calm], ['warm', v['--warm'].trim()], ['hot', v['--danger'].trim()]];
  for (let i = 0; i < totals.length; i++) {
    for (let j = i + 1; j < totals.length; j++) {
      list.push({ group: "the total's border", a: totals[i][0], b: totals[j][0], ca: totals[i][1], cb: totals[j][1], cue: 'from warm on, a gauge and a line of how much room is left; a 3 px, then 4 px pulsing border' });
    }
  }
  const kinds = Object.entries(CARDS);
  for (let i = 0; i < kinds.length; i++) {
    for (let j = i + 1; j < kinds.length; j++) {
      list.push({ group: 'card kinds', a: kinds[i][0], b: kinds[j][0], ca: kinds[i][1], cb: kinds[j][1], cue: 'the number or symbol and word on the face and in the corners' });
    }
  }
  return list;
}

/** Every pair measured under every vision: contrast and ΔE; `worst` is the
 *  smallest ΔE over the three colour-blind simulations. */
export function report(vars) {
  return pairs(vars).map((p) => {
    const m = {};
    for (const vis of VISIONS) {
      const [a, b] = [seen(p.ca, vis), seen(p.cb, vis)];
      m[vis] = { contrast: +contrast(a, b).toFixed(2), dE: +deltaE(a, b).toFixed(1) };
    }
    const worst = Math.min(...VISIONS.slice(1).map((x) => m[x].dE));
    return { ...p, m, worst: +worst.toFixed(1) };
  });
}
