/** The node object types Umbraco stamps on umbracoNode rows (umbracoNode.nodeObjectType), upper-case as stored. */
export const DOCUMENT = 'C66BA18E-EAF3-4CFF-8A22-41B16D66A972';
export const MEDIA = 'B796F64C-1F99-4FFB-B886-4BF4BC011A9C';
export const DOCUMENT_TYPE = 'A2CB7800-F571-4787-9638-BC48539A0EFB';
