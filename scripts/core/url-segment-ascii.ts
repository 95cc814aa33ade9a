/**
 * The character table of Umbraco's `Utf8ToAsciiConverter` (v9–v17; v18's JSON-driven rewrite keeps these mappings):
 * Lucene's ASCIIFoldingFilter plus Umbraco's own Russian transliteration. A character that is not ASCII, not
 * whitespace or a control, and not in this table cannot be converted, which makes ConvertUrlsToAscii="try" keep the
 * whole name in UTF-8. So absence matters as much as presence: `£`, `€`, `©`, `×`, Greek and CJK are deliberately
 * missing, and Lucene's quirks are kept (`ǥ`/`ǧ`→`G`, `ꞅ`→`S` but `Ꞅ`→`s`, `ẛ`→`f`).
 */

/** Output → every character that folds to it (ranges and Cyrillic are added below). */
const FOLDS: ReadonlyArray<readonly [string, string]> = [
  ['A', 'ÀÁÂÃÄÅĀĂĄƏǍǞǠǺȀȂȦȺᴀ'],
  ['a', 'àáâãäåāăąǎǟǡǻȁȃȧɐəɚᶏᶕẚₐₔⱥⱯ'],
  ['AA', 'Ꜳ'],
  ['aa', 'ꜳ'],
  ['AE', 'ÆǢǼᴁ'],
  ['ae', 'æǣǽᴂ'],
  ['AO', 'Ꜵ'],
  ['ao', 'ꜵ'],
  ['AU', 'Ꜷ'],
  ['au', 'ꜷ'],
  ['AV', 'ꜸꜺ'],
  ['av', 'ꜹꜻ'],
  ['AY', 'Ꜽ'],
  ['ay', 'ꜽ'],
  ['B', 'ƁƂɃʙᴃ'],
  ['b', 'ƀƃɓᵬᶀ'],
  ['C', 'ÇĆĈĊČƇȻʗᴄ'],
  ['c', 'çćĉċčƈȼɕↄꜾꜿ'],
  ['D', 'ÐĎĐƉƊƋᴅᴆꝹ'],
  ['d', 'ðďđƌȡɖɗᵭᶁᶑꝺ'],
  ['DZ', 'ǄǱ'],
  ['Dz', 'ǅǲ'],
  ['dz', 'ǆǳʣʥ'],
  ['db', 'ȸ'],
  ['E', 'ÈÉÊËĒĔĖĘĚƎƐȄȆȨɆᴇⱻ'],
  ['e', 'èéêëēĕėęěǝȅȇȩɇɘɛɜɝɞʚᴈᶒᶓᶔₑⱸ'],
  ['F', 'ƑꝻꜰꟻ'],
  ['f', 'ƒᵮᶂẛꝼ'],
  ['ff', 'ﬀ'],
  ['fi', 'ﬁ'],
  ['fl', 'ﬂ'],
  ['ffi', 'ﬃ'],
  ['ffl', 'ﬄ'],
  ['st', 'ﬆ'],
  ['G', 'ĜĞĠĢƓǤǥǦǧǴɢʛꝽꝾ'],
  ['g', 'ĝğġģǵɠɡᵷᵹᶃꝿ'],
  ['H', 'ĤĦȞʜⱧⱵ'],
  ['h', 'ĥħȟɥɦʮʯẖⱨⱶ'],
  ['HV', 'Ƕ'],
  ['hv', 'ƕ'],
  ['I', 'ÌÍÎÏĨĪĬĮİƖƗǏȈȊɪᵻꟾ'],
  ['i', 'ìíîïĩīĭįıǐȉȋɨᴉᵢᵼᶖⁱ'],
  ['IJ', 'Ĳ'],
  ['ij', 'ĳ'],
  ['J', 'ĴɈᴊ'],
  ['j', 'ĵǰȷɉɟʄʝⱼ'],
  ['K', 'ĶƘǨᴋⱩꝀꝂꝄ'],
  ['k', 'ķƙǩʞᶄⱪꝁꝃꝅ'],
  ['L', 'ĹĻĽĿŁȽʟᴌⱠⱢꝆꝈꞀ'],
  ['l', 'ĺļľŀłƚȴɫɬɭᶅⱡꝇꝉꞁ'],
  ['LJ', 'Ǉ'],
  ['Lj', 'ǈ'],
  ['lj', 'ǉ'],
  ['LL', 'Ỻ'],
  ['ll', 'ỻ'],
  ['ls', 'ʪ'],
  ['lz', 'ʫ'],
  ['M', 'ƜᴍⱮꟽꟿ'],
  ['m', 'ɯɰɱᵯᶆ'],
  ['N', 'ÑŃŅŇŊƝǸȠɴᴎ'],
  ['n', 'ñńņňŉŋƞǹȵɲɳᵰᶇⁿ'],
  ['NJ', 'Ǌ'],
  ['Nj', 'ǋ'],
  ['nj', 'ǌ'],
  ['O', 'ÒÓÔÕÖØŌŎŐƆƟƠǑǪǬǾȌȎȪȬȮȰᴏᴐꝊꝌ'],
  ['o', 'òóôõöøōŏőơǒǫǭǿȍȏȫȭȯȱɔɵᴖᴗᶗₒⱺꝋꝍ'],
  ['OE', 'Œɶ'],
  ['oe', 'œᴔ'],
  ['OO', 'Ꝏ'],
  ['oo', 'ꝏ'],
  ['OU', 'Ȣᴕ'],
  ['ou', 'ȣ'],
  ['P', 'ƤᴘⱣꝐꝒꝔ'],
  ['p', 'ƥᵱᵽᶈꝑꝓꝕꟼ'],
  ['Q', 'ɊꝖꝘ'],
  ['q', 'ĸɋʠꝗꝙ'],
  ['qp', 'ȹ'],
  ['R', 'ŔŖŘȐȒɌʀʁᴙᴚⱤꝚꞂ'],
  ['r', 'ŕŗřȑȓɍɼɽɾɿᵣᵲᵳᶉꝛꞃ'],
  ['S', 'ŚŜŞŠȘꜱꞅ'],
  ['s', 'śŝşšſșȿʂᵴᶊẜẝꞄ'],
  ['SS', 'ẞ'],
  ['ss', 'ß'],
  ['T', 'ŢŤŦƬƮȚȾᴛꞆ'],
  ['t', 'ţťŧƫƭțȶʇʈᵵẗⱦ'],
  ['TH', 'ÞꝦ'],
  ['th', 'þᵺꝧ'],
  ['tc', 'ʨ'],
  ['ts', 'ʦ'],
  ['TZ', 'Ꜩ'],
  ['tz', 'ꜩ'],
  ['U', 'ÙÚÛÜŨŪŬŮŰŲƯǓǕǗǙǛȔȖɄᴜᵾ'],
  ['u', 'ùúûüũūŭůűųưǔǖǘǚǜȕȗʉᵤᶙ'],
  ['ue', 'ᵫ'],
  ['V', 'ƲɅᴠꝞꝨỼ'],
  ['v', 'ʋʌᵥᶌⱱⱴꝟ'],
  ['VY', 'Ꝡ'],
  ['vy', 'ꝡ'],
  ['W', 'ŴǷᴡⱲ'],
  ['w', 'ŵƿʍẘⱳ'],
  ['x', 'ᶍₓ'],
  ['Y', 'ÝŶŸƳȲɎʏỾ'],
  ['y', 'ýÿŷƴȳɏʎẙỿ'],
  ['Z', 'ŹŻŽƵȜȤᴢⱫꝢ'],
  ['z', 'źżžƶȝȥɀʐʑᵶᶎⱬꝣ'],
  ['"', '«»“”„″‶❝❞❮❯'],
  ["'", '‘’‚‛′‵‹›❛❜'],
  ['-', '‐‑‒–—⁻₋'],
  ['(', '⁽₍❨❪'],
  [')', '⁾₎❩❫'],
  ['[', '⁅❲'],
  [']', '⁆❳'],
  ['{', '❴'],
  ['}', '❵'],
  ['<', '❬❰'],
  ['>', '❭❱'],
  ['((', '⸨'],
  ['))', '⸩'],
  ['+', '⁺₊'],
  ['=', '⁼₌'],
  ['^', '‸'],
  ['/', '⁄'],
  ['*', '⁎'],
  [';', '⁏'],
  ['%', '⁒'],
  ['~', '⁓'],
  ['!!', '‼'],
  ['??', '⁇'],
  ['?!', '⁈'],
  ['!?', '⁉'],
  ['0', '⁰₀⓪⓿'],
  ['1', '¹₁'],
  ['2', '²₂'],
  ['3', '³₃'],
  ['4', '⁴₄'],
  ['5', '⁵₅'],
  ['6', '⁶₆'],
  ['7', '⁷₇'],
  ['8', '⁸₈'],
  ['9', '⁹₉'],
];

/**
 * Umbraco's own Russian table for А…Я (U+0410…U+042F); its quirks are intended (Ц→F, Щ→Sh, Ъ→", Ь→').
 */
const CYRILLIC_UPPER = [
  'A',
  'B',
  'V',
  'G',
  'D',
  'E',
  'Zh',
  'Z',
  'I',
  'I',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'R',
  'S',
  'T',
  'U',
  'F',
  'Kh',
  'F',
  'Ch',
  'Sh',
  'Sh',
  '"',
  'Y',
  "'",
  'E',
  'Yu',
  'Ya',
];

const count = (from: number, n: number, step = 1): string[] =>
  Array.from({ length: n }, (_, k) => String(from + k * step));
const letters = (first: string, n = 26): string[] =>
  Array.from({ length: n }, (_, k) => String.fromCharCode(first.charCodeAt(0) + k));

/** Consecutive code points and what each folds to (enclosed alphanumerics, dingbat digits, Cyrillic). */
const RANGES: ReadonlyArray<readonly [number, readonly string[]]> = [
  [0x2460, count(1, 20)],
  [0x2474, count(1, 20).map((n) => `(${n})`)],
  [0x2488, count(1, 20).map((n) => `${n}.`)],
  [0x249c, letters('a').map((c) => `(${c})`)],
  [0x24b6, letters('A')],
  [0x24d0, letters('a')],
  [0x24eb, count(11, 10)],
  [0x24f5, count(1, 10)],
  [0x2776, count(1, 10)],
  [0x2780, count(1, 10)],
  [0x278a, count(1, 10)],
  [0x0410, CYRILLIC_UPPER],
  [0x0430, CYRILLIC_UPPER.map((s) => s.toLowerCase())],
];

function buildTable(): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const [ascii, chars] of FOLDS) for (const ch of chars) table.set(ch, ascii);
  for (const [start, outputs] of RANGES)
    outputs.forEach((ascii, k) => table.set(String.fromCharCode(start + k), ascii));
  table.set('Ё', 'E').set('ё', 'e');
  // Fullwidth ASCII (U+FF01…U+FF5E) maps onto ASCII, except fullwidth ` and |, which Lucene's table lacks.
  for (let cp = 0xff01; cp <= 0xff5e; cp++) {
    if (cp !== 0xff40 && cp !== 0xff5c) table.set(String.fromCharCode(cp), String.fromCharCode(cp - 0xfee0));
  }
  // Latin Extended Additional letters (U+1E00…U+1E95, U+1EA0…U+1EF9) all fold to their canonical base letter.
  for (const [from, to] of [
    [0x1e00, 0x1e95],
    [0x1ea0, 0x1ef9],
  ] as const) {
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCharCode(cp);
      table.set(ch, ch.normalize('NFD').charAt(0));
    }
  }
  return table;
}

/** Character → its ASCII replacement, per Umbraco. 1,308 entries. */
export const ASCII_FOLDS: ReadonlyMap<string, string> = buildTable();
