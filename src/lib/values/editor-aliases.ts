/**
 * Property editors whose stored values are references by GUID or int id (not only by UDI). Umbraco v7–v17 aliases.
 */
const CONTENT_PICKERS = new Set([
  'Umbraco.ContentPicker',
  'Umbraco.ContentPicker2',
  'Umbraco.ContentPickerAlias',
  'Umbraco.MultiNodeTreePicker',
  'Umbraco.MultiNodeTreePicker2',
]);
const MEDIA_PICKERS = new Set([
  'Umbraco.MediaPicker',
  'Umbraco.MediaPicker2',
  'Umbraco.MediaPicker3',
  'Umbraco.MultipleMediaPicker',
]);
const RICH_TEXT = new Set(['Umbraco.TinyMCE', 'Umbraco.RichText', 'Umbraco.TinyMCEv3']);

export const isPickerEditor = (alias: string | undefined): boolean =>
  alias !== undefined && (CONTENT_PICKERS.has(alias) || MEDIA_PICKERS.has(alias));

export const pickerKindOf = (alias: string | undefined): 'content' | 'media' | undefined =>
  alias === undefined
    ? undefined
    : MEDIA_PICKERS.has(alias)
      ? 'media'
      : CONTENT_PICKERS.has(alias) && !alias.includes('MultiNode')
        ? 'content'
        : undefined;

export const isRichTextEditor = (alias: string | undefined): boolean => alias !== undefined && RICH_TEXT.has(alias);

export const isMultiUrlPicker = (alias: string | undefined): boolean =>
  alias === 'Umbraco.MultiUrlPicker' || alias === 'Umbraco.RelatedLinks' || alias === 'Umbraco.RelatedLinks2';
