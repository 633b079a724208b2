/**
 * Merges a Tailwind class list so that a later class wins over an earlier one that sets the same
 * thing (`px-4 … px-2` → `px-2`, `p-4 … px-2` keeps both, `px-2 … p-4` → `p-4`), the way
 * tailwind-merge does, for the utilities this app uses. It exists because tailwind-merge is about
 * 7 KB of every page's first load (decision 040); `class-merge.test.ts` checks that it agrees
 * with tailwind-merge on every pair of classes written in the app's source, so a class the table
 * below does not know shows up there.
 *
 * A class is `variants:` + utility. Two classes conflict when their variants are the same and the
 * utilities fall in the same group (or the later one's group covers the earlier's, as `p` covers
 * `px`). Utilities the table does not know belong to no group and are always kept: the table
 * holds the utilities this app writes, and the test fails when a new pair of them disagrees.
 */

type Classify = (value: string) => string | undefined;

const SIZE_WORDS = /^(xs|sm|base|md|lg|xl|[2-9]xl)$/;
const NUMBER = /^\d+(\.\d+)?$/;
const FRACTION = /^\d+\/\d+$/;
const ARBITRARY = /^\[.+\]$|^\(.+\)$/;
const LENGTH_ARBITRARY = /^[[(](length:|\d|calc|var\(--spacing)/;
const SPACING = (v: string) => NUMBER.test(v) || FRACTION.test(v) || ARBITRARY.test(v) || /^(px|auto|full|screen|svh|lvh|dvh|svw|lvw|dvw|min|max|fit|[2-9]?xs|sm|md|lg|xl|[2-9]xl|prose|none)$/.test(v);
const POSITIONS = /^(bottom|center|left|left-bottom|left-top|right|right-bottom|right-top|top|(top|bottom)-(left|right))$/;

/** Groups whose later member overrides earlier members of these groups too (tailwind-merge's conflicting groups). */
const COVERS: Record<string, string[]> = {
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  'scroll-m': ['scroll-mx', 'scroll-my', 'scroll-mt', 'scroll-mr', 'scroll-mb', 'scroll-ml'],
  'scroll-mx': ['scroll-mr', 'scroll-ml'],
  'scroll-my': ['scroll-mt', 'scroll-mb'],
  'scroll-p': ['scroll-px', 'scroll-py', 'scroll-pt', 'scroll-pr', 'scroll-pb', 'scroll-pl'],
  'scroll-px': ['scroll-pr', 'scroll-pl'],
  'scroll-py': ['scroll-pt', 'scroll-pb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-ss', 'rounded-se', 'rounded-ee', 'rounded-es', 'rounded-tl', 'rounded-tr', 'rounded-br', 'rounded-bl'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-s', 'border-w-e', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': ['border-color-x', 'border-color-y', 'border-color-s', 'border-color-e', 'border-color-t', 'border-color-r', 'border-color-b', 'border-color-l'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  'col-start-end': ['col-start', 'col-end'],
  'flex': ['basis', 'grow', 'shrink'],
  'translate': ['translate-x', 'translate-y'],
};

const KEYWORDS: Record<string, string> = {};
function keywords(group: string, words: string): void {
  for (const word of words.split(' ')) KEYWORDS[word] = group;
}
keywords('display', 'block inline-block inline flex inline-flex table table-caption table-cell table-row grid inline-grid contents hidden');
keywords('position', 'static fixed absolute relative sticky');
keywords('sr', 'sr-only not-sr-only');
keywords('text-decoration', 'underline overline line-through no-underline');
keywords('text-transform', 'uppercase lowercase capitalize normal-case');
keywords('font-style', 'italic not-italic');
keywords('text-overflow', 'truncate text-ellipsis text-clip');
keywords('visibility', 'visible invisible collapse');
keywords('tabular', 'tabular-nums proportional-nums');
keywords('border-w', 'border');
keywords('rounded', 'rounded');
keywords('shadow', 'shadow');
keywords('ring-w', 'ring');
keywords('ring-inset', 'ring-inset');
keywords('outline-w', 'outline');
keywords('outline-style', 'outline-none outline-hidden outline-dashed outline-dotted outline-double');
keywords('transition', 'transition transition-all transition-colors transition-opacity transition-shadow transition-transform transition-none');
keywords('grow', 'grow');
keywords('shrink', 'shrink');
keywords('container', 'container');
keywords('break', 'break-normal break-words break-all break-keep');

/** A classifier per utility prefix: the value after `prefix-` → the group, or undefined when the class is not this utility. */
const PREFIXES: Record<string, Classify> = {};
function prefix(names: string, classify: Classify | string): void {
  for (const name of names.split(' ')) PREFIXES[name] = typeof classify === 'string' ? () => classify : classify;
}
/** Spacing-like utilities whose group is their own name. */
for (const name of 'p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml w h size min-w min-h max-w max-h gap gap-x gap-y inset inset-x inset-y start end top right bottom left space-x space-y basis scroll-m scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml scroll-p scroll-px scroll-py scroll-pt scroll-pr scroll-pb scroll-pl'.split(' ')) {
  prefix(name, (v) => (SPACING(v) ? name : undefined));
}
const VALUE = /^([0-9.]+%?|\d+\/\d+|\[.+\]|\(.+\)|auto|none|full|first|last|tight|tighter|snug|normal|relaxed|loose|wide|wider|widest|square|video|sm|md|lg|xl|2xl|3xl|xs)$/;
for (const name of 'z order opacity leading tracking aspect line-clamp duration scale rotate translate translate-x translate-y'.split(' ')) {
  prefix(name, (v) => (VALUE.test(v) ? name : undefined));
}
prefix('text', (v) => {
  if (SIZE_WORDS.test(v) || /^[[(](length:|\d)/.test(v)) return 'font-size';
  if (/^(left|center|right|justify|start|end)$/.test(v)) return 'text-align';
  if (/^(wrap|nowrap|balance|pretty)$/.test(v)) return 'text-wrap';
  if (/^(ellipsis|clip)$/.test(v)) return 'text-overflow';
  return 'text-color';
});
prefix('font', (v) => (/^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(v) || /^[[(]number:/.test(v) || NUMBER.test(v) ? 'font-weight' : 'font-family'));
prefix('bg', (v) => {
  if (/^(fixed|local|scroll)$/.test(v)) return 'bg-attachment';
  if (/^clip-/.test(v)) return 'bg-clip';
  if (/^origin-/.test(v)) return 'bg-origin';
  if (/^(none|linear-|radial|conic|gradient-)/.test(v) || /^\[url\(/.test(v)) return 'bg-image';
  if (/^(auto|cover|contain)$/.test(v)) return 'bg-size';
  if (/^(no-)?repeat/.test(v)) return 'bg-repeat';
  if (POSITIONS.test(v)) return 'bg-position';
  return 'bg-color';
});
prefix('border', (v) => {
  if (NUMBER.test(v) || LENGTH_ARBITRARY.test(v)) return 'border-w';
  if (/^(solid|dashed|dotted|double|hidden|none)$/.test(v)) return 'border-style';
  if (/^(collapse|separate)$/.test(v)) return 'border-collapse';
  const side = /^(x|y|s|e|t|r|b|l)(?:-(.+))?$/.exec(v);
  if (side) return side[2] === undefined || NUMBER.test(side[2]) || LENGTH_ARBITRARY.test(side[2]) ? `border-w-${side[1]}` : `border-color-${side[1]}`;
  return 'border-color';
});
prefix('rounded', (v) => {
  const corner = /^(s|e|t|r|b|l|ss|se|ee|es|tl|tr|br|bl)(?:-|$)/.exec(v);
  return corner ? `rounded-${corner[1]}` : 'rounded';
});
prefix('shadow', (v) => (/^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(v) || /^\[\d/.test(v) ? 'shadow' : 'shadow-color'));
prefix('ring', (v) => {
  if (v === 'inset') return 'ring-inset';
  if (NUMBER.test(v) || LENGTH_ARBITRARY.test(v)) return 'ring-w';
  if (v.startsWith('offset-')) return NUMBER.test(v.slice(7)) || LENGTH_ARBITRARY.test(v.slice(7)) ? 'ring-offset-w' : 'ring-offset-color';
  return 'ring-color';
});
prefix('outline', (v) => {
  if (NUMBER.test(v) || LENGTH_ARBITRARY.test(v)) return 'outline-w';
  if (v.startsWith('offset-')) return 'outline-offset';
  if (/^(none|hidden|dashed|dotted|double|solid)$/.test(v)) return 'outline-style';
  return 'outline-color';
});
prefix('underline', (v) => (v.startsWith('offset-') ? 'underline-offset' : undefined));
prefix('stroke', (v) => (NUMBER.test(v) || LENGTH_ARBITRARY.test(v) ? 'stroke-w' : 'stroke'));
prefix('fill', 'fill');
prefix('from', (v) => (/%$/.test(v) ? 'gradient-from-pos' : 'gradient-from'));
prefix('to', (v) => (/%$/.test(v) ? 'gradient-to-pos' : 'gradient-to'));
prefix('flex', (v) => {
  if (/^(row|row-reverse|col|col-reverse)$/.test(v)) return 'flex-direction';
  if (/^(wrap|wrap-reverse|nowrap)$/.test(v)) return 'flex-wrap';
  return 'flex';
});
prefix('grow', 'grow');
prefix('shrink', 'shrink');
prefix('grid-cols', 'grid-cols');
prefix('col', (v) => (v.startsWith('span-') || v === 'auto' || ARBITRARY.test(v) || NUMBER.test(v) ? 'col-start-end' : v.startsWith('start-') ? 'col-start' : v.startsWith('end-') ? 'col-end' : undefined));
prefix('items', 'align-items');
prefix('self', (v) => (/^(auto|start|end|center|stretch|baseline|end-safe|center-safe)$/.test(v) ? 'align-self' : undefined));
prefix('justify', (v) => (v.startsWith('items-') ? 'justify-items' : v.startsWith('self-') ? 'justify-self' : 'justify-content'));
prefix('content', (v) => (v === 'none' || ARBITRARY.test(v) ? 'content' : /^(normal|center|start|end|between|around|evenly|baseline|stretch)$/.test(v) ? 'align-content' : undefined));
prefix('place', (v) => (v.startsWith('content-') ? 'place-content' : v.startsWith('items-') ? 'place-items' : v.startsWith('self-') ? 'place-self' : undefined));
prefix('overflow', (v) => (v.startsWith('x-') ? 'overflow-x' : v.startsWith('y-') ? 'overflow-y' : 'overflow'));
prefix('cursor', 'cursor');
prefix('pointer-events', 'pointer-events');
prefix('select', (v) => (/^(none|text|all|auto)$/.test(v) ? 'select' : undefined));
prefix('whitespace', 'whitespace');
prefix('align', 'vertical-align');
prefix('list', (v) => (/^(inside|outside)$/.test(v) ? 'list-position' : /^(none|disc|decimal)$/.test(v) || ARBITRARY.test(v) ? 'list-style' : undefined));
prefix('object', (v) => (/^(contain|cover|fill|none|scale-down)$/.test(v) ? 'object-fit' : 'object-position'));
prefix('ease', 'ease');
prefix('animate', (v) => (/^(none|spin|ping|pulse|bounce)$/.test(v) || ARBITRARY.test(v) ? 'animate' : undefined));
prefix('transition', (v) => (/^(all|colors|opacity|shadow|transform|none)$/.test(v) || ARBITRARY.test(v) ? 'transition' : /^(discrete|normal)$/.test(v) ? 'transition-behavior' : undefined));

/** The group of a utility (no variants, no `!`, no leading `-`), or undefined. */
function groupOf(utility: string): string | undefined {
  if (/^\[[a-z-]+:.+\]$/.test(utility)) return `arbitrary:${utility.slice(1, utility.indexOf(':'))}`;
  // A postfix modifier (`bg-primary/50`, `text-sm/6`) does not change the group, except a
  // font size with a line height also sets the line height.
  const slash = /\/(\d+|\[[^\]]+\]|\([^)]+\))$/.exec(utility);
  const base = slash && !FRACTION.test(utility.slice(utility.lastIndexOf('-') + 1)) ? utility.slice(0, slash.index) : utility;
  const keyword = KEYWORDS[base];
  if (keyword) return keyword;
  // The longest prefix that names a utility: `inset-x-0` is inset-x, `border-t` is border.
  for (let end = base.lastIndexOf('-'); end > 0; end = base.lastIndexOf('-', end - 1)) {
    const classify = PREFIXES[base.slice(0, end)];
    if (classify) {
      const group = classify(base.slice(end + 1));
      if (group) return group;
    }
  }
  return undefined;
}

/** Splits `md:hover:bg-x` into its variants and utility, leaving colons inside brackets alone. */
function splitVariants(className: string): { variants: string[]; utility: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i += 1) {
    const ch = className[i];
    if (ch === '[' || ch === '(') depth += 1;
    else if (ch === ']' || ch === ')') depth -= 1;
    else if (ch === ':' && depth === 0) {
      variants.push(className.slice(start, i));
      start = i + 1;
    }
  }
  return { variants, utility: className.slice(start) };
}

/** Variants in a canonical order (their order does not matter, except for arbitrary variants, which keep theirs). */
function variantKey(variants: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[')) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  sorted.push(...run.sort());
  return sorted.join(':');
}

/** `classList` with every class removed that a later class overrides. */
export function mergeClasses(classList: string): string {
  const classes = classList.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i -= 1) {
    const className = classes[i];
    if (!className) continue;
    const { variants, utility } = splitVariants(className);
    let bare = utility;
    let important = '';
    if (bare.startsWith('!')) [bare, important] = [bare.slice(1), '!'];
    else if (bare.endsWith('!')) [bare, important] = [bare.slice(0, -1), '!'];
    if (bare.startsWith('-')) bare = bare.slice(1);
    const group = groupOf(bare);
    if (group === undefined) {
      kept.push(className);
      continue;
    }
    const key = `${variantKey(variants)}${important}:`;
    if (taken.has(key + group)) continue;
    taken.add(key + group);
    for (const covered of COVERS[group] ?? []) taken.add(key + covered);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
