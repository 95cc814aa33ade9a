/** A summary, a full item and a property type as the Umbraco 7 plugin answers them, for the crawler's tests. */
export const KEY = 'a8bcc42f-88a2-427d-8fcc-2de3ed457e57';
export const summary = {
  id: 1368,
  key: KEY,
  name: 'Home',
  url: '/',
  type: 'homePage',
  createDate: '2019-11-04T15:28:24.000Z',
  updateDate: '2024-10-22T13:48:39.000+01:00',
};
export const item = {
  ...summary,
  path: [],
  properties: { title: { alias: 'title', editorAlias: 'Umbraco.TextBox', value: 'Hi' } },
};

/** A property type of a content type answer. */
export const propertyType = {
  id: 1,
  key: KEY,
  alias: 'title',
  name: 'Title',
  description: null,
  sortOrder: 0,
  editorAlias: 'Umbraco.TextBox',
  dataTypeId: -88,
  mandatory: false,
};
