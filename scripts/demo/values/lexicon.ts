/**
 * Word lists per language, aligned by index so that one "concept" reads naturally in each culture
 * (en "Quiet harbour" / da "Stille havn"). Danish and German keep their letters (æ, ø, å, ü, ß) so
 * URL segments exercise the character replacements.
 */
export interface Lexicon {
  adjectives: readonly string[];
  nouns: readonly string[];
  topics: readonly string[];
  verbs: readonly string[];
  and: string;
  guide: string;
  the: string;
}

const words = (text: string): string[] => text.split('|');

export const LEXICONS: Record<string, Lexicon> = {
  'en-US': {
    adjectives: words(
      'quiet|bright|northern|hidden|golden|wild|simple|modern|classic|green|salty|frozen|sunny|rainy|urban|' +
        'local|ancient|quick|gentle|bold|secret|honest|tiny|grand|rustic|crisp|warm|smart|slow|open',
    ),
    nouns: words(
      'harbour|forest|kitchen|island|bicycle|garden|market|bridge|lantern|library|mountain|river|coffee|' +
        'village|festival|workshop|journey|lighthouse|meadow|station|harvest|canoe|cabin|bakery|trail|orchard|' +
        'studio|ferry|castle|beach',
    ),
    topics: words(
      'Weekend|Spring|Winter|Summer|Autumn|Family|Budget|Weekday|Evening|Morning|Holiday|Rainy day|City|' +
        'Coastal|Mountain|Beginner|Expert|Kids|Outdoor|Indoor',
    ),
    verbs: words(
      'explores|reveals|changes|celebrates|connects|inspires|protects|shapes|welcomes|remembers|builds|follows|' +
        'lights|feeds|crosses',
    ),
    and: 'and',
    guide: 'guide',
    the: 'The',
  },
  da: {
    adjectives: words(
      'stille|lyse|nordlige|skjulte|gyldne|vilde|enkle|moderne|klassiske|grønne|salte|frosne|solrige|regnfulde|' +
        'urbane|lokale|gamle|hurtige|blide|modige|hemmelige|ærlige|små|store|rustikke|sprøde|varme|kloge|' +
        'langsomme|åbne',
    ),
    nouns: words(
      'havn|skov|køkken|ø|cykel|have|marked|bro|lanterne|bibliotek|bjerg|å|kaffe|landsby|festival|værksted|' +
        'rejse|fyrtårn|eng|station|høst|kano|hytte|bageri|sti|frugthave|atelier|færge|slot|strand',
    ),
    topics: words(
      'Weekend|Forår|Vinter|Sommer|Efterår|Familie|Budget|Hverdag|Aften|Morgen|Ferie|Regnvejrsdag|By|Kyst|' +
        'Bjerg|Begynder|Ekspert|Børn|Udendørs|Indendørs',
    ),
    verbs: words(
      'udforsker|afslører|ændrer|fejrer|forbinder|inspirerer|beskytter|former|byder velkommen|husker|bygger|' +
        'følger|oplyser|nærer|krydser',
    ),
    and: 'og',
    guide: 'guide',
    the: 'Den',
  },
  es: {
    adjectives: words(
      'tranquilo|brillante|norteño|escondido|dorado|salvaje|sencillo|moderno|clásico|verde|salado|helado|' +
        'soleado|lluvioso|urbano|local|antiguo|rápido|suave|audaz|secreto|honesto|pequeño|grande|rústico|' +
        'crujiente|cálido|listo|lento|abierto',
    ),
    nouns: words(
      'puerto|bosque|cocina|isla|bicicleta|jardín|mercado|puente|farol|biblioteca|montaña|río|café|pueblo|' +
        'festival|taller|viaje|faro|prado|estación|cosecha|canoa|cabaña|panadería|sendero|huerto|estudio|ferry|' +
        'castillo|playa',
    ),
    topics: words(
      'Fin de semana|Primavera|Invierno|Verano|Otoño|Familia|Presupuesto|Entre semana|Noche|Mañana|Vacaciones|' +
        'Día lluvioso|Ciudad|Costa|Montaña|Principiante|Experto|Niños|Exterior|Interior',
    ),
    verbs: words(
      'explora|revela|cambia|celebra|conecta|inspira|protege|forma|acoge|recuerda|construye|sigue|ilumina|' +
        'alimenta|cruza',
    ),
    and: 'y',
    guide: 'guía',
    the: 'El',
  },
  de: {
    adjectives: words(
      'stiller|heller|nördlicher|versteckter|goldener|wilder|einfacher|moderner|klassischer|grüner|salziger|' +
        'gefrorener|sonniger|regnerischer|urbaner|lokaler|alter|schneller|sanfter|mutiger|geheimer|ehrlicher|' +
        'kleiner|großer|rustikaler|frischer|warmer|kluger|langsamer|offener',
    ),
    nouns: words(
      'Hafen|Wald|Küche|Insel|Fahrrad|Garten|Markt|Brücke|Laterne|Bücherei|Berg|Fluss|Kaffee|Dorf|Festival|' +
        'Werkstatt|Reise|Leuchtturm|Wiese|Bahnhof|Ernte|Kanu|Hütte|Bäckerei|Pfad|Obstgarten|Atelier|Fähre|' +
        'Schloss|Strand',
    ),
    topics: words(
      'Wochenende|Frühling|Winter|Sommer|Herbst|Familie|Budget|Alltag|Abend|Morgen|Urlaub|Regentag|Stadt|Küste|' +
        'Gebirge|Anfänger|Experte|Kinder|Draußen|Drinnen',
    ),
    verbs: words(
      'erkundet|zeigt|verändert|feiert|verbindet|inspiriert|schützt|formt|begrüßt|erinnert|baut|folgt|erhellt|' +
        'nährt|überquert',
    ),
    and: 'und',
    guide: 'Ratgeber',
    the: 'Der',
  },
};

/**
 * Names that break naive code: diacritics, apostrophes, `&`, `+`, `#`, `%`, emoji, Cyrillic, CJK and one
 * very long name (segments are cut at 240 characters).
 */
export const ODD_NAMES: readonly string[] = [
  'Café Ørsted & Søn',
  "Rock 'n' Roll weekend",
  'C++ & C# for beginners',
  'Summer party 🎉 2025',
  'Über uns',
  'Главная страница',
  'Калькулятор цен',
  'Ærlige æbler på Åland',
  '50% off: spring sale!',
  'Jalapeño & piñata night',
  'Naïve café résumé tips',
  'Straße der Öffnung',
  '東京ガイド',
  'Q&A: what\'s "new"?',
  `A very long name ${'that keeps going and going '.repeat(8).trim()} until the end`,
];

/** Author names, from several countries (and one apostrophe). */
export const FIRST_NAMES = words(
  'Ada|Søren|Zoë|José|Ingrid|Mette|Liam|Amara|Björn|Chiara|Dmitri|Freja|Hiroshi|Inés|Jonas|Kirsten|Lucía|Malik|' +
    'Nora|Oskar|Priya|Rasmus|Sofía|Tobias|Ulla|Wei',
);
export const LAST_NAMES = words(
  "Lovelace|Kierkegaard|O'Brien|Núñez|Bergström|Jørgensen|Schäfer|Okafor|Lindqvist|Rossi|Ivanov|Sørensen|" +
    'Tanaka|García|Müller|Nielsen|Fernández|Haddad|Andersen|Østergaard|Patel|Holm|Dubois|Weiß|Kowalski|Chen',
);

/** Culture names of skeleton pages; other names are the same in every culture. */
export const PAGE_NAME_TRANSLATIONS: Record<string, Record<string, string>> = {
  Home: { da: 'Forside', es: 'Inicio', de: 'Startseite' },
  'About us': { da: 'Om os', es: 'Sobre nosotros', de: 'Über uns' },
  'Our team': { da: 'Vores team', es: 'Nuestro equipo', de: 'Unser Team' },
  News: { da: 'Nyheder', es: 'Noticias', de: 'Neuigkeiten' },
  Products: { da: 'Produkter', es: 'Productos', de: 'Produkte' },
  Contact: { da: 'Kontakt', es: 'Contacto', de: 'Kontakt' },
  Stories: { da: 'Historier', es: 'Historias', de: 'Geschichten' },
  Adventures: { da: 'Eventyr', es: 'Aventuras', de: 'Abenteuer' },
  Campaigns: { da: 'Kampagner', es: 'Campañas', de: 'Kampagnen' },
  Recipes: { da: 'Opskrifter', es: 'Recetas', de: 'Rezepte' },
  Travel: { da: 'Rejser', es: 'Viajes', de: 'Reisen' },
};
