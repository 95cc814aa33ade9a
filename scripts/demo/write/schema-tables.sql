-- Umbraco 17.0 table layout, copied from sqlite_master of a real 17.0 database (persteenolsen_umbraco-17-starter-one).
-- Indexes live in schema-indexes.sql: they are created after the bulk insert.
CREATE TABLE umbracoUser
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "userDisabled" INTEGER NOT NULL CONSTRAINT "DF_umbracoUser_userDisabled" DEFAULT ('0')
, "key" TEXT NOT NULL CONSTRAINT "DF_umbracoUser_key"
, "userNoConsole" INTEGER NOT NULL CONSTRAINT "DF_umbracoUser_userNoConsole" DEFAULT ('0')
, "userName" TEXT COLLATE NOCASE NOT NULL
, "userLogin" TEXT COLLATE NOCASE NOT NULL
, "userPassword" TEXT COLLATE NOCASE NOT NULL
, "passwordConfig" TEXT COLLATE NOCASE NULL
, "userEmail" TEXT COLLATE NOCASE NOT NULL
, "userLanguage" TEXT COLLATE NOCASE NULL
, "securityStampToken" TEXT COLLATE NOCASE NULL
, "failedLoginAttempts" INTEGER NULL
, "lastLockoutDate" TEXT NULL
, "lastPasswordChangeDate" TEXT NULL
, "lastLoginDate" TEXT NULL
, "emailConfirmedDate" TEXT NULL
, "invitedDate" TEXT NULL
, "createDate" TEXT NOT NULL CONSTRAINT "DF_umbracoUser_createDate" DEFAULT (CURRENT_TIMESTAMP)
, "updateDate" TEXT NOT NULL CONSTRAINT "DF_umbracoUser_updateDate" DEFAULT (CURRENT_TIMESTAMP)
, "kind" INTEGER NOT NULL CONSTRAINT "DF_umbracoUser_kind" DEFAULT ('0')
, "avatar" TEXT COLLATE NOCASE NULL
, CONSTRAINT PK_user UNIQUE ("id")
);
CREATE TABLE umbracoNode
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "uniqueId" TEXT NOT NULL CONSTRAINT "DF_umbracoNode_uniqueId" DEFAULT (NEWID())
, "parentId" INTEGER NOT NULL
, "level" INTEGER NOT NULL
, "path" TEXT COLLATE NOCASE NOT NULL
, "sortOrder" INTEGER NOT NULL
, "trashed" INTEGER NOT NULL CONSTRAINT "DF_umbracoNode_trashed" DEFAULT ('0')
, "nodeUser" INTEGER NULL
, "text" TEXT COLLATE NOCASE NULL
, "nodeObjectType" TEXT NULL
, "createDate" TEXT NOT NULL CONSTRAINT "DF_umbracoNode_createDate" DEFAULT (DATE())
, CONSTRAINT PK_umbracoNode UNIQUE ("id")
, CONSTRAINT FK_umbracoNode_umbracoNode_id FOREIGN KEY ("parentId") REFERENCES "umbracoNode" ("id")  
, CONSTRAINT FK_umbracoNode_umbracoUser_id FOREIGN KEY ("nodeUser") REFERENCES "umbracoUser" ("id")  
);
CREATE TABLE cmsContentType
(
 "pk" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "nodeId" INTEGER NOT NULL
, "alias" TEXT COLLATE NOCASE NULL
, "icon" TEXT COLLATE NOCASE NULL
, "thumbnail" TEXT COLLATE NOCASE NOT NULL CONSTRAINT "DF_cmsContentType_thumbnail" DEFAULT ('folder.png')
, "description" TEXT COLLATE NOCASE NULL
, "listView" TEXT NULL
, "isElement" INTEGER NOT NULL CONSTRAINT "DF_cmsContentType_isElement" DEFAULT ('0')
, "allowAtRoot" INTEGER NOT NULL CONSTRAINT "DF_cmsContentType_allowAtRoot" DEFAULT ('0')
, "variations" INTEGER NOT NULL CONSTRAINT "DF_cmsContentType_variations" DEFAULT ('1')
, CONSTRAINT PK_cmsContentType UNIQUE ("pk")
, CONSTRAINT FK_cmsContentType_umbracoNode_id FOREIGN KEY ("nodeId") REFERENCES "umbracoNode" ("id")  
);
CREATE TABLE cmsPropertyTypeGroup
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "uniqueID" TEXT NOT NULL CONSTRAINT "DF_cmsPropertyTypeGroup_uniqueID" DEFAULT (NEWID())
, "contenttypeNodeId" INTEGER NOT NULL
, "type" INTEGER NOT NULL CONSTRAINT "DF_cmsPropertyTypeGroup_type" DEFAULT ('0')
, "text" TEXT COLLATE NOCASE NOT NULL
, "alias" TEXT COLLATE NOCASE NOT NULL
, "sortorder" INTEGER NOT NULL
, CONSTRAINT PK_cmsPropertyTypeGroup UNIQUE ("id")
, CONSTRAINT FK_cmsPropertyTypeGroup_cmsContentType_nodeId FOREIGN KEY ("contenttypeNodeId") REFERENCES "cmsContentType" ("nodeId")  
);
CREATE TABLE umbracoDataType
(
 "nodeId" INTEGER NOT NULL
, "propertyEditorAlias" TEXT COLLATE NOCASE NOT NULL
, "dbType" TEXT COLLATE NOCASE NOT NULL
, "config" TEXT COLLATE NOCASE NULL
, "propertyEditorUiAlias" TEXT COLLATE NOCASE NULL, CONSTRAINT PK_umbracoDataType PRIMARY KEY ("nodeId")
, CONSTRAINT FK_umbracoDataType_umbracoNode_id FOREIGN KEY ("nodeId") REFERENCES "umbracoNode" ("id")  
);
CREATE TABLE cmsPropertyType
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "dataTypeId" INTEGER NOT NULL
, "contentTypeId" INTEGER NOT NULL
, "propertyTypeGroupId" INTEGER NULL
, "Alias" TEXT COLLATE NOCASE NOT NULL
, "Name" TEXT COLLATE NOCASE NULL
, "sortOrder" INTEGER NOT NULL CONSTRAINT "DF_cmsPropertyType_sortOrder" DEFAULT ('0')
, "mandatory" INTEGER NOT NULL CONSTRAINT "DF_cmsPropertyType_mandatory" DEFAULT ('0')
, "mandatoryMessage" TEXT COLLATE NOCASE NULL
, "validationRegExp" TEXT COLLATE NOCASE NULL
, "validationRegExpMessage" TEXT COLLATE NOCASE NULL
, "Description" TEXT COLLATE NOCASE NULL
, "labelOnTop" INTEGER NOT NULL CONSTRAINT "DF_cmsPropertyType_labelOnTop" DEFAULT ('0')
, "variations" INTEGER NOT NULL CONSTRAINT "DF_cmsPropertyType_variations" DEFAULT ('1')
, "UniqueID" TEXT NOT NULL CONSTRAINT "DF_cmsPropertyType_UniqueID" DEFAULT (NEWID())
, CONSTRAINT PK_cmsPropertyType UNIQUE ("id")
, CONSTRAINT FK_cmsPropertyType_umbracoDataType_nodeId FOREIGN KEY ("dataTypeId") REFERENCES "umbracoDataType" ("nodeId")  
, CONSTRAINT FK_cmsPropertyType_cmsContentType_nodeId FOREIGN KEY ("contentTypeId") REFERENCES "cmsContentType" ("nodeId")  
, CONSTRAINT FK_cmsPropertyType_cmsPropertyTypeGroup_id FOREIGN KEY ("propertyTypeGroupId") REFERENCES "cmsPropertyTypeGroup" ("id")  
);
CREATE TABLE cmsContentType2ContentType
(
 "parentContentTypeId" INTEGER NOT NULL
, "childContentTypeId" INTEGER NOT NULL
, CONSTRAINT PK_cmsContentType2ContentType PRIMARY KEY ("parentContentTypeId", "childContentTypeId")
, CONSTRAINT FK_cmsContentType2ContentType_umbracoNode_parent FOREIGN KEY ("parentContentTypeId") REFERENCES "umbracoNode" ("id")  
, CONSTRAINT FK_cmsContentType2ContentType_umbracoNode_child FOREIGN KEY ("childContentTypeId") REFERENCES "umbracoNode" ("id")  
);
CREATE TABLE cmsContentTypeAllowedContentType
(
 "Id" INTEGER NOT NULL
, "AllowedId" INTEGER NOT NULL
, "SortOrder" INTEGER NOT NULL CONSTRAINT df_cmsContentTypeAllowedContentType_sortOrder DEFAULT ('0')
, CONSTRAINT PK_cmsContentTypeAllowedContentType PRIMARY KEY ("Id", "AllowedId")
, CONSTRAINT FK_cmsContentTypeAllowedContentType_cmsContentType FOREIGN KEY ("Id") REFERENCES "cmsContentType" ("nodeId")  
, CONSTRAINT FK_cmsContentTypeAllowedContentType_cmsContentType1 FOREIGN KEY ("AllowedId") REFERENCES "cmsContentType" ("nodeId")  
);
CREATE TABLE cmsTemplate
(
 "pk" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "nodeId" INTEGER NOT NULL
, "alias" TEXT COLLATE NOCASE NULL
, CONSTRAINT PK_cmsTemplate UNIQUE ("pk")
, CONSTRAINT FK_cmsTemplate_umbracoNode FOREIGN KEY ("nodeId") REFERENCES "umbracoNode" ("id")  
);
CREATE TABLE cmsDocumentType
(
 "contentTypeNodeId" INTEGER NOT NULL
, "templateNodeId" INTEGER NOT NULL
, "IsDefault" INTEGER NOT NULL CONSTRAINT "DF_cmsDocumentType_IsDefault" DEFAULT ('0')
, CONSTRAINT PK_cmsDocumentType PRIMARY KEY ("contentTypeNodeId", "templateNodeId")
, CONSTRAINT FK_cmsDocumentType_cmsContentType_nodeId FOREIGN KEY ("contentTypeNodeId") REFERENCES "cmsContentType" ("nodeId")  
, CONSTRAINT FK_cmsDocumentType_umbracoNode_id FOREIGN KEY ("contentTypeNodeId") REFERENCES "umbracoNode" ("id")  
, CONSTRAINT FK_cmsDocumentType_cmsTemplate_nodeId FOREIGN KEY ("templateNodeId") REFERENCES "cmsTemplate" ("nodeId")  
);
CREATE TABLE umbracoLanguage
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "languageISOCode" TEXT COLLATE NOCASE NULL
, "languageCultureName" TEXT COLLATE NOCASE NULL
, "isDefaultVariantLang" INTEGER NOT NULL CONSTRAINT "DF_umbracoLanguage_isDefaultVariantLang" DEFAULT ('0')
, "mandatory" INTEGER NOT NULL CONSTRAINT "DF_umbracoLanguage_mandatory" DEFAULT ('0')
, "fallbackLanguageId" INTEGER NULL
, CONSTRAINT PK_umbracoLanguage UNIQUE ("id")
, CONSTRAINT FK_umbracoLanguage_umbracoLanguage_id FOREIGN KEY ("fallbackLanguageId") REFERENCES "umbracoLanguage" ("id")  
);
CREATE TABLE umbracoContent
(
 "nodeId" INTEGER NOT NULL
, "contentTypeId" INTEGER NOT NULL
, CONSTRAINT PK_umbracoContent PRIMARY KEY ("nodeId")
, CONSTRAINT FK_umbracoContent_umbracoNode_id FOREIGN KEY ("nodeId") REFERENCES "umbracoNode" ("id")  
, CONSTRAINT FK_umbracoContent_cmsContentType_NodeId FOREIGN KEY ("contentTypeId") REFERENCES "cmsContentType" ("NodeId")  
);
CREATE TABLE umbracoContentVersion
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "nodeId" INTEGER NOT NULL
, "versionDate" TEXT NOT NULL CONSTRAINT "DF_umbracoContentVersion_versionDate" DEFAULT (DATE())
, "userId" INTEGER NULL
, "current" INTEGER NOT NULL
, "text" TEXT COLLATE NOCASE NULL
, "preventCleanup" INTEGER NOT NULL CONSTRAINT "DF_umbracoContentVersion_preventCleanup" DEFAULT ('0')
, CONSTRAINT PK_umbracoContentVersion UNIQUE ("id")
, CONSTRAINT FK_umbracoContentVersion_umbracoContent_nodeId FOREIGN KEY ("nodeId") REFERENCES "umbracoContent" ("nodeId")  
, CONSTRAINT FK_umbracoContentVersion_umbracoUser_id FOREIGN KEY ("userId") REFERENCES "umbracoUser" ("id")  
);
CREATE TABLE umbracoDocument
(
 "nodeId" INTEGER NOT NULL
, "published" INTEGER NOT NULL
, "edited" INTEGER NOT NULL
, CONSTRAINT PK_umbracoDocument PRIMARY KEY ("nodeId")
, CONSTRAINT FK_umbracoDocument_umbracoContent_nodeId FOREIGN KEY ("nodeId") REFERENCES "umbracoContent" ("nodeId")  
);
CREATE TABLE umbracoDocumentVersion
(
 "id" INTEGER NOT NULL
, "templateId" INTEGER NULL
, "published" INTEGER NOT NULL
, CONSTRAINT PK_umbracoDocumentVersion PRIMARY KEY ("id")
, CONSTRAINT FK_umbracoDocumentVersion_umbracoContentVersion_id FOREIGN KEY ("id") REFERENCES "umbracoContentVersion" ("id")  
, CONSTRAINT FK_umbracoDocumentVersion_cmsTemplate_nodeId FOREIGN KEY ("templateId") REFERENCES "cmsTemplate" ("nodeId")  
);
CREATE TABLE umbracoMediaVersion
(
 "id" INTEGER NOT NULL
, "path" TEXT COLLATE NOCASE NULL
, CONSTRAINT PK_umbracoMediaVersion PRIMARY KEY ("id")
, CONSTRAINT FK_umbracoMediaVersion_umbracoContentVersion_id FOREIGN KEY ("id") REFERENCES "umbracoContentVersion" ("id")  
);
CREATE TABLE umbracoPropertyData
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "versionId" INTEGER NOT NULL
, "propertyTypeId" INTEGER NOT NULL
, "languageId" INTEGER NULL
, "segment" TEXT COLLATE NOCASE NULL
, "intValue" INTEGER NULL
, "decimalValue" TEXT NULL
, "dateValue" TEXT NULL
, "varcharValue" TEXT COLLATE NOCASE NULL
, "textValue" TEXT COLLATE NOCASE NULL
, CONSTRAINT PK_umbracoPropertyData UNIQUE ("id")
, CONSTRAINT FK_umbracoPropertyData_umbracoContentVersion_id FOREIGN KEY ("versionId") REFERENCES "umbracoContentVersion" ("id")  
, CONSTRAINT FK_umbracoPropertyData_cmsPropertyType_id FOREIGN KEY ("propertyTypeId") REFERENCES "cmsPropertyType" ("id")  
, CONSTRAINT FK_umbracoPropertyData_umbracoLanguage_id FOREIGN KEY ("languageId") REFERENCES "umbracoLanguage" ("id")  
);
CREATE TABLE umbracoDomain
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "domainDefaultLanguage" INTEGER NULL
, "domainRootStructureID" INTEGER NULL
, "domainName" TEXT COLLATE NOCASE NOT NULL
, "sortOrder" INTEGER NOT NULL
, CONSTRAINT PK_umbracoDomain UNIQUE ("id")
, CONSTRAINT FK_umbracoDomain_umbracoNode_id FOREIGN KEY ("domainRootStructureID") REFERENCES "umbracoNode" ("id")  
);
CREATE TABLE umbracoContentVersionCultureVariation
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "versionId" INTEGER NOT NULL
, "languageId" INTEGER NOT NULL
, "name" TEXT COLLATE NOCASE NOT NULL
, "date" TEXT NOT NULL
, "availableUserId" INTEGER NULL
, CONSTRAINT PK_umbracoContentVersionCultureVariation UNIQUE ("id")
, CONSTRAINT FK_umbracoContentVersionCultureVariation_umbracoContentVersion_id FOREIGN KEY ("versionId") REFERENCES "umbracoContentVersion" ("id")  
, CONSTRAINT FK_umbracoContentVersionCultureVariation_umbracoLanguage_id FOREIGN KEY ("languageId") REFERENCES "umbracoLanguage" ("id")  
, CONSTRAINT FK_umbracoContentVersionCultureVariation_umbracoUser_id FOREIGN KEY ("availableUserId") REFERENCES "umbracoUser" ("id")  
);
CREATE TABLE umbracoDocumentCultureVariation
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "nodeId" INTEGER NOT NULL
, "languageId" INTEGER NOT NULL
, "edited" INTEGER NOT NULL
, "available" INTEGER NOT NULL
, "published" INTEGER NOT NULL
, "name" TEXT COLLATE NOCASE NULL
, CONSTRAINT PK_umbracoDocumentCultureVariation UNIQUE ("id")
, CONSTRAINT FK_umbracoDocumentCultureVariation_umbracoNode_id FOREIGN KEY ("nodeId") REFERENCES "umbracoNode" ("id")  
, CONSTRAINT FK_umbracoDocumentCultureVariation_umbracoLanguage_id FOREIGN KEY ("languageId") REFERENCES "umbracoLanguage" ("id")  
);
CREATE TABLE umbracoKeyValue
(
 "key" TEXT COLLATE NOCASE NOT NULL
, "value" TEXT COLLATE NOCASE NULL
, "updated" TEXT NOT NULL CONSTRAINT "DF_umbracoKeyValue_updated" DEFAULT (DATE())
, CONSTRAINT PK_umbracoKeyValue PRIMARY KEY ("key")
);
CREATE TABLE umbracoDocumentUrl
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "uniqueId" TEXT NOT NULL
, "isDraft" INTEGER NOT NULL
, "languageId" INTEGER NOT NULL
, "urlSegment" TEXT COLLATE NOCASE NOT NULL
, "isPrimary" INTEGER NOT NULL CONSTRAINT "DF_umbracoDocumentUrl_isPrimary" DEFAULT ('1')
, CONSTRAINT PK_umbracoDocumentUrl UNIQUE ("id")
, CONSTRAINT FK_umbracoDocumentUrl_umbracoNode_uniqueId FOREIGN KEY ("uniqueId") REFERENCES "umbracoNode" ("uniqueId")  
, CONSTRAINT FK_umbracoDocumentUrl_umbracoLanguage_id FOREIGN KEY ("languageId") REFERENCES "umbracoLanguage" ("id")  
);
CREATE TABLE cmsTags
(
 "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT
, "group" TEXT COLLATE NOCASE NOT NULL
, "languageId" INTEGER NULL
, "tag" TEXT COLLATE NOCASE NOT NULL
, CONSTRAINT PK_cmsTags UNIQUE ("id")
, CONSTRAINT FK_cmsTags_umbracoLanguage_id FOREIGN KEY ("languageId") REFERENCES "umbracoLanguage" ("id")  
);
CREATE TABLE cmsTagRelationship
(
 "nodeId" INTEGER NOT NULL
, "tagId" INTEGER NOT NULL
, "propertyTypeId" INTEGER NOT NULL
, CONSTRAINT PK_cmsTagRelationship PRIMARY KEY ("nodeId", "propertyTypeId", "tagId")
, CONSTRAINT FK_cmsTagRelationship_cmsContent FOREIGN KEY ("nodeId") REFERENCES "umbracoContent" ("nodeId")  
, CONSTRAINT FK_cmsTagRelationship_cmsTags_id FOREIGN KEY ("tagId") REFERENCES "cmsTags" ("id")  
, CONSTRAINT FK_cmsTagRelationship_cmsPropertyType FOREIGN KEY ("propertyTypeId") REFERENCES "cmsPropertyType" ("id")  
);
