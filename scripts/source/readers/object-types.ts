/** `umbracoNode.nodeObjectType` values. Stored upper-case; the column has no NOCASE collation. */
export const OBJECT_TYPE = {
  document: 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972',
  documentType: 'A2CB7800-F571-4787-9638-BC48539A0EFB',
  media: 'B796F64C-1F99-4FFB-B886-4BF4BC011A9C',
  mediaType: '4EA4382B-2F5A-4C2B-9587-AE9B3CF3602E',
  memberType: '9B5416FB-E72F-45A9-A07B-5A9A2709CE43',
  template: '6FBDE604-4178-42CE-A10B-8A2600A2F07D',
} as const;
