import type { DataTypeDef, DbType } from './site-model.ts';

/**
 * Data types a fresh Umbraco 17 install creates, with the ids, keys, editors, value types and
 * configuration of the real 17.0 database. Media metadata relies on the labels: −105 "Label (pixels)"
 * (Integer) for width/height, −104 "Label (bytes)" (Nvarchar) for size, −92 "Label (string)".
 */
type Row = [number, string, string, string, string, DbType, string | null, string, number];

const RTE_CONFIG = JSON.stringify({
  toolbar: [[['Umb.Tiptap.Toolbar.StyleSelect', 'Umb.Tiptap.Toolbar.Bold', 'Umb.Tiptap.Toolbar.Italic', 'Umb.Tiptap.Toolbar.BulletList', 'Umb.Tiptap.Toolbar.OrderedList', 'Umb.Tiptap.Toolbar.Link', 'Umb.Tiptap.Toolbar.MediaPicker']]],
  extensions: ['Umb.Tiptap.RichTextEssentials', 'Umb.Tiptap.Embed', 'Umb.Tiptap.Figure', 'Umb.Tiptap.Image', 'Umb.Tiptap.Link', 'Umb.Tiptap.Bold', 'Umb.Tiptap.Italic', 'Umb.Tiptap.Heading', 'Umb.Tiptap.BulletList', 'Umb.Tiptap.OrderedList'],
  maxImageSize: 250,
});
const LIST_VIEW = (pageSize: number, view: string): string => JSON.stringify({
  pageSize, orderBy: 'updateDate', orderDirection: 'desc',
  layouts: [{ name: 'List', collectionView: `Umb.CollectionView.${view}.Table`, icon: 'icon-list', isSystem: true, selected: true }],
  includeProperties: [{ alias: 'updateDate', header: 'Last edited', nameTemplate: null, isSystem: true }],
});

const ROWS: Row[] = [
  [-105, '5EB57825-E15E-4FC7-8E37-FCA65CDAFBDE', 'labelPixels', 'Label (pixels)', 'Umbraco.Label', 'Integer', '{"umbracoDataValueType":"INT", "labelTemplate":"{=value}px"}', 'Label', 41],
  [-104, 'BA5BDBE6-AB3E-46A8-82B3-2C45F10BC47F', 'labelBytes', 'Label (bytes)', 'Umbraco.Label', 'Nvarchar', '{"umbracoDataValueType":"BIGINT", "labelTemplate":"{=value | bytes}"}', 'Label', 40],
  [-99, '8F1EF1E1-9DE4-40D3-A072-6673F631CA64', 'labelDecimal', 'Label (decimal)', 'Umbraco.Label', 'Decimal', '{"umbracoDataValueType":"DECIMAL"}', 'Label', 39],
  [-98, 'A97CEC69-9B71-4C30-8B12-EC398860D7E8', 'labelTime', 'Label (time)', 'Umbraco.Label', 'Date', '{"umbracoDataValueType":"TIME"}', 'Label', 38],
  [-96, '3A0156C4-3B8C-4803-BDC1-6871FAA83FFF', 'listViewMedia', 'List View - Media', 'Umbraco.ListView', 'Nvarchar', LIST_VIEW(100, 'Media'), 'Collection', 2],
  [-95, 'C0808DD3-8133-4E4B-8CE8-E2BEA84A96A4', 'listViewContent', 'List View - Content', 'Umbraco.ListView', 'Nvarchar', LIST_VIEW(100, 'Document'), 'Collection', 2],
  [-94, '0E9794EB-F9B5-4F20-A788-93ACD233A7E4', 'labelDateTime', 'Label (datetime)', 'Umbraco.Label', 'Date', '{"umbracoDataValueType":"DATETIME"}', 'Label', 37],
  [-93, '930861BF-E262-4EAD-A704-F99453565708', 'labelBigint', 'Label (bigint)', 'Umbraco.Label', 'Nvarchar', '{"umbracoDataValueType":"BIGINT"}', 'Label', 36],
  [-92, 'F0BC4BFB-B499-40D6-BA86-058885A5178C', 'labelString', 'Label (string)', 'Umbraco.Label', 'Nvarchar', '{"umbracoDataValueType":"STRING"}', 'Label', 35],
  [-91, '8E7F995C-BD81-4627-9932-C40E568EC788', 'labelInteger', 'Label (integer)', 'Umbraco.Label', 'Integer', '{"umbracoDataValueType":"INT"}', 'Label', 36],
  [-90, '84C6B441-31DF-4FFE-B67E-67D5BC3AE65A', 'upload', 'Upload File', 'Umbraco.UploadField', 'Nvarchar', null, 'UploadField', 34],
  [-89, 'C6BAC0DD-4AB9-45B1-8E30-E4B619EE5DA3', 'textarea', 'Textarea', 'Umbraco.TextArea', 'Ntext', null, 'TextArea', 33],
  [-88, '0CC0EBA1-9960-42C9-BF9B-60E150B429AE', 'textbox', 'Textstring', 'Umbraco.TextBox', 'Nvarchar', null, 'TextBox', 32],
  [-87, 'CA90C950-0AFF-4E72-B976-A30B1AC57DAD', 'richText', 'Richtext editor', 'Umbraco.RichText', 'Ntext', RTE_CONFIG, 'Tiptap', 4],
  [-51, '2E6D3631-066E-44B8-AEC4-96F09099B2B5', 'integer', 'Numeric', 'Umbraco.Integer', 'Integer', null, 'Integer', 2],
  [-49, '92897BC6-A5F3-4FFE-AE27-F2E7E33DDA49', 'trueFalse', 'True/false', 'Umbraco.TrueFalse', 'Integer', null, 'Toggle', 2],
  [-43, 'FBAF13A8-4036-41F2-93A3-974F678C312A', 'checkboxList', 'Checkbox list', 'Umbraco.CheckBoxList', 'Ntext', '{}', 'CheckBoxList', 2],
  [-42, 'F38F0AC7-1D27-439C-9F3F-089CD8825A53', 'dropdownMultiple', 'Dropdown multiple', 'Umbraco.DropDown.Flexible', 'Nvarchar', '{"multiple":true}', 'Dropdown', 2],
  [-41, '5046194E-4237-453C-A547-15DB3A07C4E1', 'date', 'Date Picker', 'Umbraco.DateTime', 'Date', '{"format":"YYYY-MM-DD"}', 'DatePicker', 2],
  [-40, 'BB5F57C9-CE2B-4BB9-B697-4CACA783A805', 'radiobox', 'Radiobox', 'Umbraco.RadioButtonList', 'Nvarchar', null, 'RadioButtonList', 2],
  [-39, '0B6A45E7-44BA-430D-9DA5-4E46060B9E03', 'dropdown', 'Dropdown', 'Umbraco.DropDown.Flexible', 'Nvarchar', '{"multiple":false}', 'Dropdown', 2],
  [-37, '0225AF17-B302-49CB-9176-B9F35CAB9C17', 'colorPicker', 'Approved Color', 'Umbraco.ColorPicker', 'Nvarchar', null, 'ColorPicker', 2],
  [-36, 'E4D66C0F-B935-4200-81F0-025F7256B89A', 'dateTime', 'Date Picker with time', 'Umbraco.DateTime', 'Date', '{"format":"YYYY-MM-DD HH:mm:ss"}', 'DatePicker', 2],
  [1041, 'B6B73142-B9C1-4BF8-A16D-E1C23320B549', 'tags', 'Tags', 'Umbraco.Tags', 'Ntext', '{"group":"default", "storageType":"Json"}', 'Tags', 2],
  [1043, '1DF9F033-E6D4-451F-B8D2-E0CBC50A836F', 'imageCropper', 'Image Cropper', 'Umbraco.ImageCropper', 'Ntext', null, 'ImageCropper', 2],
  [1046, 'FD1E0DA5-5606-4862-B679-5D0CF3A52A59', 'contentPicker', 'Content Picker', 'Umbraco.ContentPicker', 'Nvarchar', null, 'DocumentPicker', 2],
  [1050, 'B4E3535A-1753-47E2-8568-602CF8CFEE6F', 'urlPicker', 'Multi URL Picker', 'Umbraco.MultiUrlPicker', 'Ntext', null, 'MultiUrlPicker', 2],
  [1051, '4309A3EA-0D78-4329-A06C-C80B036AF19A', 'mediaPicker', 'Media Picker', 'Umbraco.MediaPicker3', 'Ntext', '{"multiple": false, "validationLimit":{"min":0,"max":1}}', 'MediaPicker', 2],
  [1052, '1B661F40-2242-4B44-B9CB-3990EE2B13C0', 'mediaPickerMultiple', 'Multiple Media Picker', 'Umbraco.MediaPicker3', 'Ntext', '{"multiple": true}', 'MediaPicker', 2],
  [1053, 'AD9F0CF2-BDA2-45D5-9EA1-A63CFC873FD3', 'imagePicker', 'Image Media Picker', 'Umbraco.MediaPicker3', 'Ntext', '{"filter":"cc07b313-0843-4aa8-bbda-871c8da728c8","multiple":false,"validationLimit":{"min":0,"max":1}}', 'MediaPicker', 2],
  [1054, '0E63D883-B62B-4799-88C3-157F82E83ECC', 'imagePickerMultiple', 'Multiple Image Media Picker', 'Umbraco.MediaPicker3', 'Ntext', '{"filter":"cc07b313-0843-4aa8-bbda-871c8da728c8","multiple":true}', 'MediaPicker', 2],
];

export const BUILTIN_DATA_TYPES: readonly DataTypeDef[] = ROWS.map(
  ([id, key, handle, name, editorAlias, dbType, config, ui, sortOrder]) => ({
    id, key, handle, name, editorAlias, dbType, config, sortOrder, uiAlias: `Umb.PropertyEditorUi.${ui}`,
  }),
);
